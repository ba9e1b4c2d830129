package dev.memdir.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which addresses a network of {@code --trusted-proxy} holds. */
class AddressRangeTest {

    @ParameterizedTest
    @CsvSource({
            "10.0.0.0/8, 10.255.3.4, true",
            "10.0.0.0/8, 11.0.0.0, false",
            "192.0.2.7, 192.0.2.7, true",
            "192.0.2.7, 192.0.2.8, false",
            "192.0.2.0/31, 192.0.2.1, true",
            "192.0.2.0/31, 192.0.2.2, false",
            "0.0.0.0/0, 203.0.113.9, true",
            "0.0.0.0/0, ::1, false",
            "fd00::/8, fd12:3456::1, true",
            "fd00::/8, fe80::1, false",
            "::1, ::1, true",
            "::1, 127.0.0.1, false",
            "::/0, 10.0.0.1, false",
            "::ffff:10.0.0.0/104, 10.9.8.7, true",
            "::ffff:10.0.0.0/104, 11.0.0.1, false",
            "2001:db8::/32, 2001:db8:ffff::1, true",
            "2001:db8::/33, 2001:db8:8000::1, false"})
    void contains(String range, String address, boolean contained) throws Exception {
        assertThat(AddressRange.parse(range).orElseThrow().contains(InetAddress.getByName(address)))
                .isEqualTo(contained);
    }
}
