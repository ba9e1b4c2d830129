package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.config.AddressRange;
import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which client a request names behind trusted proxies (127.0.0.1 and 10.0.0.0/8), and when the peer is it. */
class ClientAddressTest {

    private static final TrustedProxies PROXIES = new TrustedProxies(List.of(
            AddressRange.parse("127.0.0.1").orElseThrow(), AddressRange.parse("10.0.0.0/8").orElseThrow()));

    private static String client(String peer, List<String> forwarded, List<String> forwardedFor) throws Exception {
        return ClientAddress.of(InetAddress.getByName(peer), forwarded, forwardedFor, PROXIES).getHostAddress();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "203.0.113.9                           | 203.0.113.9",
            "1.1.1.1, 203.0.113.9                  | 203.0.113.9",
            "203.0.113.9, 10.0.0.5                 | 203.0.113.9",
            "203.0.113.9,10.1.2.3, 127.0.0.1       | 203.0.113.9",
            "10.0.0.7, 10.0.0.5                    | 10.0.0.7",
            "203.0.113.9:4711                      | 203.0.113.9",
            "[2001:db8::1]:4711                    | 2001:db8:0:0:0:0:0:1",
            "2001:db8::1                           | 2001:db8:0:0:0:0:0:1",
            "[2001:db8::1]                         | 2001:db8:0:0:0:0:0:1",
            "garbage, 203.0.113.9                  | 203.0.113.9",
            "203.0.113.9, garbage                  | 127.0.0.1",
            "proxy.example                         | 127.0.0.1",
            "unknown                               | 127.0.0.1",
            "203.0.113.9:http                      | 127.0.0.1",
            "'                                   ' | 127.0.0.1",
            "01.2.3.4                              | 127.0.0.1"})
    void xForwardedFor_fromATrustedPeer(String header, String expected) throws Exception {
        assertThat(client("127.0.0.1", List.of(), List.of(header))).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "for=192.0.2.60;proto=http;by=203.0.113.43           | 192.0.2.60",
            "for=\"[2001:db8:cafe::17]:4711\"                    | 2001:db8:cafe:0:0:0:0:17",
            "For=\"192.0.2.43\", for=198.51.100.17               | 198.51.100.17",
            "for=198.51.100.17, for=10.0.0.2;proto=https         | 198.51.100.17",
            "for=192.0.2.1;ext=\"a,b;for=1.1.1.1\"               | 192.0.2.1",
            "for=192.0.2.1;ext=\"quoted \\\" quote, still\"      | 192.0.2.1",
            "for=unknown                                         | 127.0.0.1",
            "for=_hidden                                         | 127.0.0.1",
            "proto=https                                         | 127.0.0.1",
            "for=\"192.0.2.43:_port\"                            | 192.0.2.43",
            "for=2001:db8::1                                     | 2001:db8:0:0:0:0:0:1"})
    void forwarded_fromATrustedPeer(String header, String expected) throws Exception {
        assertThat(client("127.0.0.1", List.of(header), List.of())).isEqualTo(expected);
    }

    @Test
    void fromAPeerNotTrusted_theHeadersAreIgnored() throws Exception {
        assertThat(client("203.0.113.50", List.of("for=192.0.2.1"), List.of("192.0.2.2"))).isEqualTo("203.0.113.50");
    }

    @Test
    void noHeader_thePeer() throws Exception {
        assertThat(client("10.0.0.1", List.of(), List.of())).isEqualTo("10.0.0.1");
    }

    @Test
    void headerLinesRepeated_readAsOneList() throws Exception {
        assertThat(client("127.0.0.1", List.of(), List.of("1.1.1.1", "192.0.2.5"))).isEqualTo("192.0.2.5");
        assertThat(client("127.0.0.1", List.of("for=1.1.1.1", "for=192.0.2.5"), List.of())).isEqualTo("192.0.2.5");
    }

    /** A proxy writes one header and may pass the other on as the client wrote it: two answers are no answer. */
    @Test
    void bothHeaders_mustNameTheSameClient() throws Exception {
        assertThat(client("127.0.0.1", List.of("for=192.0.2.5"), List.of("192.0.2.5"))).isEqualTo("192.0.2.5");
        assertThat(client("127.0.0.1", List.of("for=6.6.6.6"), List.of("192.0.2.5"))).isEqualTo("127.0.0.1");
        assertThat(client("127.0.0.1", List.of("for=unknown"), List.of("192.0.2.5"))).isEqualTo("127.0.0.1");
    }
}
