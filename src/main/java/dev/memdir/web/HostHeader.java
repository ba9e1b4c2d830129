package dev.memdir.web;

import java.util.Locale;

/** The host a request's {@code Host} header names. */
public final class HostHeader {

    private HostHeader() {}

    /** The host part of a Host header, without its port, in lower case; an IPv6 literal keeps its brackets. */
    public static String name(String hostHeader) {
        String host = hostHeader.trim().toLowerCase(Locale.ROOT);
        if (host.startsWith("[")) {
            int close = host.indexOf(']');
            return close < 0 ? host : host.substring(0, close + 1);
        }
        int colon = host.indexOf(':');
        return colon < 0 ? host : host.substring(0, colon);
    }
}
