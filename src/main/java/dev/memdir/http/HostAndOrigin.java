package dev.memdir.http;

import dev.memdir.text.Untrusted;
import dev.memdir.web.HostHeader;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * DNS-rebinding protection: a request's {@code Host} must name this server, and its {@code Origin}, when it has one,
 * must be one of those allowed or this server's own (the Host it names, as {@code http://} or {@code https://}): a
 * rebinding page's Origin is its own name, which its Host is too, and that Host is refused. A server bound to a
 * wildcard address (all interfaces) has no one name; it answers to any Host, takes only the allowed Origins, and
 * needs authentication to bind at all, which a rebinding page cannot supply.
 */
final class HostAndOrigin implements FrontStep {

    private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "[::1]");
    private static final Set<String> WILDCARDS = Set.of("0.0.0.0", "::", "[::]", "*");

    private final Optional<Set<String>> hosts;
    private final Set<String> origins;

    /**
     * @param boundHost the address the server listens on, as given (an IPv6 literal without brackets)
     * @param loopback whether that address is a loopback one, which the loopback names also reach
     * @param allowedOrigins the origins given with --allow-origin
     */
    HostAndOrigin(String boundHost, boolean loopback, List<String> allowedOrigins) {
        String host = boundHost.indexOf(':') >= 0 ? "[" + boundHost + "]" : boundHost;
        if (WILDCARDS.contains(host)) {
            hosts = Optional.empty();
        } else {
            Set<String> names = new HashSet<>();
            names.add(host.toLowerCase(Locale.ROOT));
            if (loopback) {
                names.addAll(LOOPBACK_NAMES);
            }
            hosts = Optional.of(Set.copyOf(names));
        }
        origins = allowedOrigins.stream().map(HostAndOrigin::normalOrigin).collect(Collectors.toSet());
    }

    /** Refuses a request 403 for its Host or its Origin. */
    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        HttpServletRequest request = exchange.request();
        Optional<String> refusal = refusal(request.getHeader("Host"), request.getHeader("Origin"));
        if (refusal.isEmpty()) {
            return Outcome.GO_ON;
        }
        exchange.refuse(403, refusal.get());
        return Outcome.ANSWERED;
    }

    /** Returns why the request is refused (its Host or its Origin), or empty when both are fine. */
    Optional<String> refusal(String hostHeader, String originHeader) {
        if (hosts.isPresent() && (hostHeader == null || !hosts.get().contains(HostHeader.name(hostHeader)))) {
            return Optional.of("the Host header does not name this server");
        }
        if (originHeader != null && !origins.contains(normalOrigin(originHeader))
                && !(hosts.isPresent() && isOwnOrigin(originHeader, hostHeader))) {
            return Optional.of("the Origin " + Untrusted.quoted(originHeader) + " is not allowed (see --allow-origin)");
        }
        return Optional.empty();
    }

    /** Whether the Origin is scheme://HOST for the request's (already accepted) Host header, port and all. */
    private static boolean isOwnOrigin(String originHeader, String hostHeader) {
        String origin = normalOrigin(originHeader);
        String host = hostHeader.trim().toLowerCase(Locale.ROOT);
        return !host.isEmpty() && (origin.equals("http://" + host) || origin.equals("https://" + host));
    }

    private static String normalOrigin(String origin) {
        String trimmed = origin.trim();
        return trimmed.endsWith("/") ? trimmed.substring(0, trimmed.length() - 1).toLowerCase(Locale.ROOT)
                : trimmed.toLowerCase(Locale.ROOT);
    }
}
