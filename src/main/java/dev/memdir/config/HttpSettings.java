package dev.memdir.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How {@code memdir serve --http} serves.
 *
 * @param address where to listen; empty: serve stdio
 * @param tls the PEM certificate and key of HTTPS, if given
 * @param allowedOrigins the browser origins that may call the server (a request without an Origin always may)
 * @param maxRequestBytes the largest request body
 * @param rate requests a second each principal may make (in bursts of twice as many)
 * @param trustedProxies the proxies whose Forwarded or X-Forwarded-For header names a request's client
 */
public record HttpSettings(Optional<HttpAddress> address, Optional<TlsFiles> tls, List<String> allowedOrigins,
        long maxRequestBytes, int rate, List<AddressRange> trustedProxies) {

    /** What holds when no HTTP option is given. */
    public static final HttpSettings DEFAULT = new HttpSettings(Optional.empty(), Optional.empty(), List.of(),
            4L << 20, 50, List.of());

    public HttpSettings {
        allowedOrigins = List.copyOf(allowedOrigins);
        trustedProxies = List.copyOf(trustedProxies);
    }

    /** The PEM files of HTTPS: the certificate (chain) and its private key. */
    public record TlsFiles(Path certificate, Path privateKey) {}
}
