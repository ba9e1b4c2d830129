package dev.memdir.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The options of {@code serve --http}, as the resolver reads them from flags and the environment. */
class HttpSettingsTest {

    @TempDir
    Path temp;

    private final Map<String, String> flags = new HashMap<>();
    private final Map<String, String> env = new HashMap<>();

    private HttpSettings resolve() throws ConfigException {
        Path home = temp.resolve("home");
        env.put("MEMDIR_HOME", home.resolve(".memdir").toString());
        flags.putIfAbsent("root", temp.resolve("memory").toString());
        return new SettingsResolver(env, home, temp.resolve("work")).resolve(flags).http();
    }

    @Test
    void nothingGiven_isStdioWithTheDefaults() throws Exception {
        assertThat(resolve()).isEqualTo(HttpSettings.DEFAULT);
        assertThat(HttpSettings.DEFAULT.maxRequestBytes()).isEqualTo(4L << 20);
        assertThat(HttpSettings.DEFAULT.rate()).isEqualTo(50);
    }

    @ParameterizedTest
    @CsvSource({"8080, 127.0.0.1, 8080", "0, 127.0.0.1, 0", "0.0.0.0:9000, 0.0.0.0, 9000",
            "localhost:1, localhost, 1", "'[::1]:8443', ::1, 8443", "' 127.0.0.2:65535 ', 127.0.0.2, 65535"})
    void http_hostAndPort(String given, String host, int port) throws Exception {
        flags.put("http", given);

        assertThat(resolve().address()).contains(new HttpAddress(host, port));
    }

    @ParameterizedTest
    @ValueSource(strings = {"65536", "http://x:80", "::1:80", "host:", ":80", "[::1]80", "eighty", "1234567"})
    void http_notHostAndPort_fails(String given) {
        flags.put("http", given);

        assertThatThrownBy(this::resolve).isInstanceOf(ConfigException.class)
                .hasMessage("--http must be [HOST:]PORT, like 8080, 127.0.0.1:8080 or [::1]:8080, not '" + given + "'");
    }

    @Test
    void urlHost_bracketsAnIpv6Literal() {
        assertThat(new HttpAddress("::1", 1).urlHost()).isEqualTo("[::1]");
        assertThat(new HttpAddress("127.0.0.1", 1).urlHost()).isEqualTo("127.0.0.1");
    }

    @Test
    void tls_bothFiles_resolvedAgainstTheWorkingDirectory() throws Exception {
        flags.put("tls-cert", "cert.pem");
        flags.put("tls-key", "/keys/key.pem");

        assertThat(resolve().tls()).contains(new HttpSettings.TlsFiles(temp.resolve("work/cert.pem"),
                Path.of("/keys/key.pem")));
    }

    @Test
    void tls_certificateWithoutKey_fails() {
        flags.put("tls-cert", "cert.pem");

        assertThatThrownBy(this::resolve).hasMessage("--tls-cert needs --tls-key, its private key");
    }

    @Test
    void tls_keyWithoutCertificate_fails() {
        env.put("MEMDIR_TLS_KEY", "key.pem");

        assertThatThrownBy(this::resolve).hasMessage("--tls-key needs --tls-cert, its certificate");
    }

    @Test
    void allowOrigin_commaSeparated_keptInOrder() throws Exception {
        env.put("MEMDIR_ALLOW_ORIGIN", "https://a.example, http://localhost:3000");

        assertThat(resolve().allowedOrigins()).containsExactly("https://a.example", "http://localhost:3000");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a.example", "https://", "https://a.example/path", "https://a b", "https://a,,"})
    void allowOrigin_notAnOrigin_fails(String given) {
        flags.put("allow-origin", given);

        assertThatThrownBy(this::resolve).hasMessageStartingWith("--allow-origin must be origins like");
    }

    @Test
    void trustedProxy_networksAndAddressesOfBothFamilies_commaSeparated() throws Exception {
        env.put("MEMDIR_TRUSTED_PROXY", "10.0.0.0/8, 192.0.2.7,fd00::/8, ::1");

        assertThat(resolve().trustedProxies()).map(AddressRange::toString)
                .containsExactly("10.0.0.0/8", "192.0.2.7", "fd00::/8", "::1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.1/8", "10.0.0.0/33", "10.0.0.0/", "10.0.0", "256.0.0.1", "010.0.0.1",
            "proxy.example", "fd00::/129", "fd00::1/8", "[::1]", "fe80::1%eth0", "::ffff:10.0.0.0/95", "10.0.0.0/8,",
            "*"})
    void trustedProxy_notANetworkOrAddress_fails(String given) {
        flags.put("trusted-proxy", given);

        assertThatThrownBy(this::resolve).isInstanceOf(ConfigException.class).hasMessage("--trusted-proxy must be"
                + " networks or addresses like 10.0.0.0/8, 192.0.2.7 or fd00::/8 (no bits set past the prefix),"
                + " separated by commas, not '" + given + "'");
    }

    @Test
    void maxRequestBytesAndRate_parsed() throws Exception {
        flags.put("max-request-bytes", "64K");
        flags.put("rate", "5");

        HttpSettings http = resolve();

        assertThat(http.maxRequestBytes()).isEqualTo(64 * 1024);
        assertThat(http.rate()).isEqualTo(5);
        assertThat(http.allowedOrigins()).isEqualTo(List.of());
        assertThat(http.address()).isEqualTo(Optional.empty());
    }

    @Test
    void rate_zero_fails() {
        flags.put("rate", "0");

        assertThatThrownBy(this::resolve).hasMessage("--rate must be a whole number from 1 to 2147483647, not '0'");
    }
}
