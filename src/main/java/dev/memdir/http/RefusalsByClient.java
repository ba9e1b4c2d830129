package dev.memdir.http;

import dev.memdir.config.IpLiteral;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Collections;
import java.util.OptionalLong;

/**
 * The requests refused for their credentials, counted per client ({@link ClientAddress}): past its rate a client's
 * refusals are answered 429 instead, which slows one that guesses. Only refused requests are counted, after their
 * credentials were checked (which is cheap), so a valid credential is never refused for what others sent.
 */
final class RefusalsByClient {

    private final RateLimiter limiter;
    private final TrustedProxies proxies;

    RefusalsByClient(RateLimiter limiter, TrustedProxies proxies) {
        this.limiter = limiter;
        this.proxies = proxies;
    }

    /** Counts a refusal of {@code request}: empty when it may be answered as refused, else the seconds to wait. */
    OptionalLong take(HttpServletRequest request) {
        String peer = request.getRemoteAddr();
        String bare = peer.startsWith("[") && peer.endsWith("]") ? peer.substring(1, peer.length() - 1) : peer;
        return limiter.take(IpLiteral.parse(bare)
                .map(address -> ClientAddress.of(address, Collections.list(request.getHeaders("Forwarded")),
                        Collections.list(request.getHeaders("X-Forwarded-For")), proxies).getHostAddress())
                .orElse(peer));
    }
}
