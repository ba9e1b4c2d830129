package dev.memdir.config;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where memdir may fetch an issuer's metadata and keys from: https anywhere, plain http only on this machine (a
 * developer's issuer, or a test's). The MCP authorization spec wants every authorization server endpoint on https.
 */
public final class SecureUrl {

    /** What an allowed URL is, as messages state it. */
    public static final String RULE = "an https URL (http only on a loopback address)";

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    private SecureUrl() {}

    public static boolean allowed(URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        return url.getHost() != null
                && (scheme.equals("https") || scheme.equals("http") && isLoopback(url.getHost()));
    }

    /** Only names and literals that mean this machine without asking DNS: {@code localhost}, 127/8, {@code ::1}. */
    private static boolean isLoopback(String host) {
        if (host.equalsIgnoreCase("localhost")) {
            return true;
        }
        Matcher ipv4 = IPV4.matcher(host);
        if (ipv4.matches()) {
            for (int octet = 1; octet <= 4; octet++) {
                if (Integer.parseInt(ipv4.group(octet)) > 255) {
                    return false;
                }
            }
            return ipv4.group(1).equals("127");
        }
        if (!host.startsWith("[")) {
            return false;
        }
        try {
            return InetAddress.getByName(host).isLoopbackAddress(); // a bracketed literal: parsed, never looked up
        } catch (UnknownHostException notAnAddress) {
            return false;
        }
    }
}
