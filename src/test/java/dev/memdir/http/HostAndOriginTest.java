package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.web.HostHeader;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class HostAndOriginTest {

    private final HostAndOrigin loopback = new HostAndOrigin("127.0.0.1", true, List.of("https://app.example:8443"));

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1:8080", "127.0.0.1", "localhost:8080", "LOCALHOST:1", "[::1]:8080", "[::1]"})
    void loopback_namesOfThisMachine_accepted(String host) {
        assertThat(loopback.refusal(host, null)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"evil.example", "evil.example:8080", "127.0.0.1.evil.example", "localhost.evil:80",
            "10.0.0.1:8080", "", "[::2]:80"})
    void loopback_otherHosts_refused(String host) {
        assertThat(loopback.refusal(host, null)).contains("the Host header does not name this server");
    }

    @Test
    void noHostHeader_refused() {
        assertThat(loopback.refusal(null, null)).contains("the Host header does not name this server");
    }

    @Test
    void boundName_onlyThatName() {
        HostAndOrigin named = new HostAndOrigin("memdir.internal", false, List.of());

        assertThat(named.refusal("memdir.internal:443", null)).isEmpty();
        assertThat(named.refusal("localhost:443", null)).isPresent();
    }

    @Test
    void ipv6Bound_bracketed() {
        HostAndOrigin six = new HostAndOrigin("::1", true, List.of());

        assertThat(six.refusal("[::1]:9000", null)).isEmpty();
        assertThat(six.refusal("[::2]:9000", null)).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.0.0.0", "::"})
    void wildcardBound_anyHost(String wildcard) {
        HostAndOrigin any = new HostAndOrigin(wildcard, false, List.of());

        assertThat(any.refusal("memdir.example.com", null)).isEmpty();
        assertThat(any.refusal("memdir.example.com", "https://evil.example")).isPresent();
    }

    @ParameterizedTest
    @CsvSource({"https://app.example:8443", "HTTPS://APP.EXAMPLE:8443", "https://app.example:8443/"})
    void allowedOrigin_accepted(String origin) {
        assertThat(loopback.refusal("localhost", origin)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://app.example", "http://app.example:8443", "https://evil.example:8443", "null",
            "http://127.0.0.1:8080"})
    void otherOrigins_refused(String origin) {
        assertThat(loopback.refusal("localhost", origin)).get().asString()
                .isEqualTo("the Origin '" + origin + "' is not allowed (see --allow-origin)");
    }

    /** What the conformance suite's dns-rebinding-protection sends as a localhost client: its Origin is the server's. */
    @ParameterizedTest
    @CsvSource({"127.0.0.1:8080, http://127.0.0.1:8080", "localhost:8080, https://LOCALHOST:8080/",
            "[::1]:8080, http://[::1]:8080", "localhost, http://localhost"})
    void ownOrigin_accepted(String host, String origin) {
        assertThat(loopback.refusal(host, origin)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"127.0.0.1:8080, http://127.0.0.1:9090", "127.0.0.1:8080, http://localhost:8080",
            "localhost:8080, http://localhost", "localhost:8080, ftp://localhost:8080",
            "localhost:8080, http://localhost:8080/path"})
    void otherPortOrNameOrScheme_isNotTheOwnOrigin(String host, String origin) {
        assertThat(loopback.refusal(host, origin)).get().asString().startsWith("the Origin ");
    }

    /** The suite's rebinding request: Host and Origin both name the attacker; the Host alone refuses it. */
    @Test
    void rebindingPage_ownOriginOfAForeignHost_refused() {
        assertThat(loopback.refusal("evil.example.com", "http://evil.example.com"))
                .contains("the Host header does not name this server");
    }

    @Test
    void wildcardBound_hasNoOwnOrigin() {
        HostAndOrigin any = new HostAndOrigin("0.0.0.0", false, List.of());

        assertThat(any.refusal("evil.example.com", "http://evil.example.com")).isPresent();
    }

    @Test
    void origin_inTheAnswer_isPrintableAndShort() {
        String origin = "https://x\u0007" + "y".repeat(200);

        assertThat(loopback.refusal("localhost", origin)).get().asString()
                .startsWith("the Origin 'https://x?yyy").contains("...'").hasSizeLessThan(160);
    }

    @Test
    void hostName_dropsThePort() {
        assertThat(HostHeader.name("Example.COM:80")).isEqualTo("example.com");
        assertThat(HostHeader.name("[::1]:80")).isEqualTo("[::1]");
    }
}
