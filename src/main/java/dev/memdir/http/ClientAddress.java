package dev.memdir.http;

import dev.memdir.config.IpLiteral;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Who a request comes from: its connection's peer, unless that peer is a trusted proxy; then the nearest address
 * the forwarding header names that is no trusted proxy itself, read from the right (the hop the trusted proxy
 * wrote) to the left (what the client may have written itself, so never read past the first untrusted hop). The
 * header is RFC 7239's {@code Forwarded} ({@code for=}) or {@code X-Forwarded-For}. A header that cannot be read, a
 * hop that names no address ({@code unknown}, an obfuscated name) and two headers that name different clients all
 * give the peer: a proxy that writes one header may pass the other on as the client sent it.
 */
final class ClientAddress {

    private ClientAddress() {}

    /**
     * Returns the client of a request from {@code peer}, given the values of its {@code Forwarded} and
     * {@code X-Forwarded-For} headers in the order they came.
     */
    static InetAddress of(InetAddress peer, List<String> forwarded, List<String> forwardedFor,
            TrustedProxies trusted) {
        if (!trusted.trusts(peer) || forwarded.isEmpty() && forwardedFor.isEmpty()) {
            return peer;
        }
        Optional<InetAddress> byForwarded = forwarded.isEmpty() ? Optional.empty()
                : nearestUntrusted(forHops(forwarded), trusted);
        Optional<InetAddress> byForwardedFor = forwardedFor.isEmpty() ? Optional.empty()
                : nearestUntrusted(split(String.join(",", forwardedFor), ','), trusted);
        if (!forwarded.isEmpty() && !forwardedFor.isEmpty()) {
            return byForwarded.isPresent() && byForwarded.equals(byForwardedFor) ? byForwarded.get() : peer;
        }
        return byForwarded.or(() -> byForwardedFor).orElse(peer);
    }

    /** The nearest untrusted hop, or the first when all are trusted; empty when a hop read is no address. */
    private static Optional<InetAddress> nearestUntrusted(List<String> hops, TrustedProxies trusted) {
        Optional<InetAddress> hop = Optional.empty();
        for (int i = hops.size() - 1; i >= 0; i--) {
            hop = node(hops.get(i).strip());
            if (hop.isEmpty() || !trusted.trusts(hop.get())) {
                return hop;
            }
        }
        return hop;
    }

    /** The {@code for=} value of each element of the headers, or "" for an element without one. */
    private static List<String> forHops(List<String> headers) {
        List<String> hops = new ArrayList<>();
        for (String element : split(String.join(",", headers), ',')) {
            String hop = "";
            for (String pair : split(element, ';')) {
                int equals = pair.indexOf('=');
                if (equals > 0 && pair.substring(0, equals).strip().toLowerCase(Locale.ROOT).equals("for")) {
                    hop = unquoted(pair.substring(equals + 1).strip());
                }
            }
            hops.add(hop);
        }
        return hops;
    }

    /** Splits on {@code separator} outside quoted strings (whose backslash escapes are kept as they are). */
    private static List<String> split(String text, char separator) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == separator && !quoted) {
                parts.add(part.toString());
                part.setLength(0);
                continue;
            }
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '\\' && quoted && i + 1 < text.length()) {
                part.append(c);
                c = text.charAt(++i);
            }
            part.append(c);
        }
        parts.add(part.toString());
        return parts;
    }

    private static String unquoted(String value) {
        if (value.length() < 2 || value.charAt(0) != '"' || value.charAt(value.length() - 1) != '"') {
            return value;
        }
        return value.substring(1, value.length() - 1).replaceAll("\\\\(.)", "$1");
    }

    /** The address of a node: {@code 192.0.2.7}, {@code 192.0.2.7:4711}, {@code [2001:db8::1]:4711} or bare IPv6. */
    private static Optional<InetAddress> node(String node) {
        String host = node;
        String port = "";
        if (node.startsWith("[")) {
            int close = node.indexOf(']');
            if (close < 0 || node.substring(1, close).indexOf(':') < 0) {
                return Optional.empty();
            }
            host = node.substring(1, close);
            port = node.substring(close + 1);
        } else if (node.indexOf(':') >= 0 && node.indexOf(':') == node.lastIndexOf(':')) {
            host = node.substring(0, node.indexOf(':'));
            port = node.substring(node.indexOf(':'));
        }
        if (!port.isEmpty() && !port.matches(":(\\d{1,5}|_[A-Za-z0-9._-]+)")) {
            return Optional.empty();
        }
        return IpLiteral.parse(host);
    }
}
