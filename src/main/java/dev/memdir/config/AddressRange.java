package dev.memdir.config;

import java.net.InetAddress;
import java.util.Arrays;
import java.util.Optional;

/**
 * A network in CIDR notation ({@code 10.0.0.0/8}, {@code fd00::/8}), or one host (an address alone). IPv4 and IPv6
 * ranges hold only addresses of their own family; an IPv4-mapped IPv6 range ({@code ::ffff:10.0.0.0/104}) is the
 * IPv4 range it maps, as the JDK gives such peers as IPv4 addresses.
 */
public final class AddressRange {

    private final byte[] network;
    private final int prefix;
    private final String text;

    private AddressRange(byte[] network, int prefix, String text) {
        this.network = network;
        this.prefix = prefix;
        this.text = text;
    }

    /** Parses {@code ADDRESS[/PREFIX]}; empty when it is none, or sets bits past its prefix ({@code 10.0.0.1/8}). */
    public static Optional<AddressRange> parse(String given) {
        String text = given.trim();
        int slash = text.indexOf('/');
        Optional<InetAddress> address = IpLiteral.parse(slash < 0 ? text : text.substring(0, slash));
        if (address.isEmpty()) {
            return Optional.empty();
        }
        byte[] bytes = address.get().getAddress();
        int bits = bytes.length * 8;
        // An IPv4-mapped address is written with 128 bits and read as 32: its prefix counts the 96 before.
        int written = text.indexOf(':') >= 0 ? 128 : 32;
        int prefix = bits;
        if (slash >= 0) {
            String length = text.substring(slash + 1);
            if (!length.matches("\\d{1,3}") || Integer.parseInt(length) > written) {
                return Optional.empty();
            }
            prefix = Integer.parseInt(length) - (written - bits);
        }
        if (prefix < 0) {
            return Optional.empty();
        }
        for (int i = prefix; i < bits; i++) {
            if (bit(bytes, i)) {
                return Optional.empty();
            }
        }
        return Optional.of(new AddressRange(bytes, prefix, text));
    }

    /** Returns whether {@code address} lies in this range. */
    public boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length != network.length) {
            return false;
        }
        for (int i = 0; i < prefix; i++) {
            if (bit(bytes, i) != bit(network, i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean bit(byte[] bytes, int index) {
        return (bytes[index / 8] >> (7 - index % 8) & 1) == 1;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AddressRange range && prefix == range.prefix
                && Arrays.equals(network, range.network);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(network) + prefix;
    }

    /** Returns the range as it was written. */
    @Override
    public String toString() {
        return text;
    }
}
