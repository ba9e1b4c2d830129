package dev.memdir.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An IP address written as one (dotted IPv4, or IPv6 without brackets or zone), read without ever asking DNS:
 * {@link InetAddress#getByName} looks a name up, so only text already known to be a literal reaches it.
 */
public final class IpLiteral {

    /** Four decimal parts; a leading zero, which some read as octal, makes it no literal. */
    private static final Pattern IPV4 = Pattern.compile("(0|[1-9]\\d{0,2})\\.(0|[1-9]\\d{0,2})\\.(0|[1-9]\\d{0,2})"
            + "\\.(0|[1-9]\\d{0,2})");
    /** Hex digits and colons, an IPv4 tail allowed; a colon makes the JDK parse it as IPv6 or refuse it. */
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:][0-9A-Fa-f:.]*");

    private IpLiteral() {}

    /** Returns the address {@code text} writes, or empty when it is no IP literal. */
    public static Optional<InetAddress> parse(String text) {
        Matcher ipv4 = IPV4.matcher(text);
        if (ipv4.matches()) {
            byte[] bytes = new byte[4];
            for (int i = 0; i < 4; i++) {
                int part = Integer.parseInt(ipv4.group(i + 1));
                if (part > 255) {
                    return Optional.empty();
                }
                bytes[i] = (byte) part;
            }
            return Optional.of(address(bytes));
        }
        if (text.indexOf(':') < 0 || !IPV6.matcher(text).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(text));
        } catch (UnknownHostException notAnAddress) {
            return Optional.empty();
        }
    }

    private static InetAddress address(byte[] bytes) {
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException("four bytes are an IPv4 address", impossible);
        }
    }
}
