package dev.memdir.http;

import dev.memdir.config.AddressRange;
import java.net.InetAddress;
import java.util.List;

/**
 * The proxies whose word on a request's client is taken ({@code --trusted-proxy}): a request whose connection comes
 * from one of them may name its client in {@code Forwarded} or {@code X-Forwarded-For} ({@link ClientAddress});
 * from anywhere else those headers are a client's say-so and are ignored.
 */
final class TrustedProxies {

    static final TrustedProxies NONE = new TrustedProxies(List.of());

    private final List<AddressRange> ranges;

    TrustedProxies(List<AddressRange> ranges) {
        this.ranges = List.copyOf(ranges);
    }

    /** Returns whether {@code address} is one of the trusted proxies. */
    boolean trusts(InetAddress address) {
        for (AddressRange range : ranges) {
            if (range.contains(address)) {
                return true;
            }
        }
        return false;
    }
}
