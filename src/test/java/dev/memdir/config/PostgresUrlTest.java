package dev.memdir.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** libpq's URI form of a database, as {@code --store} takes it, turned into the JDBC driver's URL and properties. */
class PostgresUrlTest {

    private static PostgresUrl parse(String text) throws ConfigException {
        return PostgresUrl.parse(text, "--store");
    }

    @Test
    void fullUrl_givesHostPortDatabaseUserAndParameters() throws Exception {
        PostgresUrl url = parse("postgresql://alice@db.example.com:6432/team?sslmode=verify-full"
                + "&sslrootcert=/etc/ca.pem&application_name=memdir&connect_timeout=3");

        assertThat(url).isEqualTo(new PostgresUrl("db.example.com", 6432, "team", Optional.of("alice"),
                Map.of("sslmode", "verify-full", "sslrootcert", "/etc/ca.pem", "application_name", "memdir",
                        "connect_timeout", "3")));
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://db.example.com:6432/team");
        Properties expected = new Properties();
        expected.putAll(Map.of("sslmode", "verify-full", "sslrootcert", "/etc/ca.pem", "ApplicationName", "memdir",
                "connectTimeout", "3"));
        assertThat(url.properties()).isEqualTo(expected);
    }

    @Test
    void noUserNoPort_defaultPortAndNoUser() throws Exception {
        PostgresUrl url = parse("postgres://db/team");

        assertThat(url).isEqualTo(new PostgresUrl("db", 5432, "team", Optional.empty(), Map.of()));
        assertThat(url.properties()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "postgresql://[::1]:5433/team | ::1 | 5433 | jdbc:postgresql://[::1]:5433/team",
        "postgresql://[2001:db8::7]/team | 2001:db8::7 | 5432 | jdbc:postgresql://[2001:db8::7]:5432/team"})
    void ipv6Host_inBrackets_keptWithoutThemAndBracketedInTheJdbcUrl(String text, String host, int port,
            String jdbcUrl) throws Exception {
        PostgresUrl url = parse(text);

        assertThat(url.host()).isEqualTo(host);
        assertThat(url.port()).isEqualTo(port);
        assertThat(url.jdbcUrl()).isEqualTo(jdbcUrl);
    }

    @Test
    void percentEscapes_decodedInUserDatabaseAndValues_encodedAgainForTheJdbcUrl() throws Exception {
        PostgresUrl url = parse("postgresql://team%40corp@db/my%20memory%2Fx?application_name=a%26b%3Dc+d");

        assertThat(url.user()).contains("team@corp");
        assertThat(url.database()).isEqualTo("my memory/x");
        assertThat(url.parameters()).containsEntry("application_name", "a&b=c+d");
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://db:5432/my+memory%2Fx");
    }

    @Test
    void percentEscapes_utf8Bytes_decodedAsOneCharacter() throws Exception {
        assertThat(parse("postgresql://db/m%C3%A9moire").database()).isEqualTo("mémoire");
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql://alice:secret@db/team", "postgresql://:secret@db/team",
        "postgresql://alice@db/team?password=secret"})
    void password_refusedSayingWhyAndWhereItGoes(String text) {
        assertThatThrownBy(() -> parse(text)).isInstanceOf(ConfigException.class).hasMessage("--store carries a"
                + " password, which the process list and shell history show; leave it out and put it in PGPASSWORD"
                + " or ~/.pgpass (host:port:dbname:user:password, mode 0600)");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "mysql://db/team | --store must be a PostgreSQL URL, postgresql://[user@]host[:port]/dbname[?param=value...]",
        "postgresql://db | --store names no database: give it as"
                + " postgresql://[user@]host[:port]/dbname[?param=value...]",
        "postgresql:///team | --store names no host (memdir connects over TCP, not a Unix socket):"
                + " postgresql://[user@]host[:port]/dbname[?param=value...]",
        "postgresql://a,b/team | --store names several hosts; memdir connects to one:"
                + " postgresql://[user@]host[:port]/dbname[?param=value...]",
        "postgresql://[::1/team | --store has an IPv6 address without its closing ']'",
        "postgresql://db:99999/team | --store must give the port as a number from 1 to 65535, not ':99999'",
        "postgresql://db:x/team | --store must give the port as a number from 1 to 65535, not ':x'",
        "postgresql://db/te%2 | --store has a '%' that is not followed by two hex digits: 'te%2'",
        "postgresql://db/team?sslmode=maybe | --store: sslmode must be one of disable, allow, prefer, require,"
                + " verify-ca, verify-full, not 'maybe'",
        "postgresql://db/team?connect_timeout=soon | --store: connect_timeout must be a number of seconds, not 'soon'",
        "postgresql://db/team?sslmode | --store has a parameter without a value: 'sslmode'",
        "postgresql://db/team?options=-c | --store has the parameter 'options', which memdir does not pass on; it"
                + " takes application_name, connect_timeout, sslcert, sslkey, sslmode, sslrootcert"})
    void badUrl_refusedWithWhatIsWrong(String text, String message) {
        assertThatThrownBy(() -> parse(text)).isInstanceOf(ConfigException.class).hasMessage(message);
    }

    @Test
    void toString_namesTheDatabaseAsAUrl() throws Exception {
        assertThat(parse("postgresql://alice@[::1]/team?sslmode=require"))
                .hasToString("postgresql://alice@[::1]:5432/team");
    }
}
