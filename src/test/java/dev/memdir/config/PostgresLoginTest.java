package dev.memdir.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Who memdir logs in to PostgreSQL as: the user as libpq picks it, the password from the environment or the file. */
class PostgresLoginTest {

    @TempDir
    Path home;

    private final Map<String, String> env = new HashMap<>();
    private PostgresUrl url;

    @BeforeEach
    void url() throws ConfigException {
        url = PostgresUrl.parse("postgresql://alice@db.example.com:6432/team", "--store");
    }

    private Path passwordFile(String text, String permissions) throws Exception {
        Path file = home.resolve(".pgpass");
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        return file;
    }

    @Test
    void user_fromTheUrl_elsePguser_elseTheSystemUser() throws Exception {
        PostgresUrl noUser = PostgresUrl.parse("postgresql://db/team", "--store");

        assertThat(PostgresLogin.find(url, Map.of("PGUSER", "bob"), home).user()).isEqualTo("alice");
        assertThat(PostgresLogin.find(noUser, Map.of("PGUSER", "bob"), home).user()).isEqualTo("bob");
        assertThat(PostgresLogin.find(noUser, Map.of(), home).user()).isEqualTo(System.getProperty("user.name"));
    }

    @Test
    void pgpassword_winsOverThePasswordFile() throws Exception {
        passwordFile("*:*:*:*:from-file\n", "rw-------");
        env.put("PGPASSWORD", "from-env");

        assertThat(PostgresLogin.find(url, env, home).password()).contains("from-env");
    }

    @Test
    void passwordFile_firstMatchingLineWins_wildcardsMatchAnything() throws Exception {
        passwordFile("""
                # comment:*:*:*:no
                db.example.com:5432:team:alice:other-port
                db.example.com:6432:team:bob:other-user
                db.example.com:6432:*:alice:first
                *:*:*:*:second
                """, "rw-------");

        assertThat(PostgresLogin.find(url, env, home).password()).contains("first");
    }

    @Test
    void passwordFile_escapedColonsAndBackslashes_partOfTheirField() throws Exception {
        PostgresUrl odd = PostgresUrl.parse("postgresql://a%3Ab@[::1]/team", "--store");
        passwordFile("\\:\\:1:5432:team:a\\:b:pass\\:wo\\\\rd\n", "rw-------");

        assertThat(PostgresLogin.find(odd, env, home).password()).contains("pass:wo\\rd");
    }

    @Test
    void passwordFile_namedByPgpassfile() throws Exception {
        Path file = Files.writeString(home.resolve("elsewhere"), "*:*:*:*:named\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--------"));
        env.put("PGPASSFILE", file.toString());

        assertThat(PostgresLogin.find(url, env, home).password()).contains("named");
    }

    @Test
    void passwordFile_othersMayReadIt_ignoredAsLibpqIgnoresIt() throws Exception {
        passwordFile("*:*:*:*:exposed\n", "rw-r-----");

        assertThat(PostgresLogin.find(url, env, home).password()).isEmpty();
    }

    @Test
    void noPasswordAnywhere_none() throws Exception {
        assertThat(PostgresLogin.find(url, env, home)).isEqualTo(new PostgresLogin("alice", Optional.empty()));
    }

    @Test
    void toString_hidesThePassword() {
        assertThat(new PostgresLogin("alice", Optional.of("secret"))).hasToString(
                "PostgresLogin[user=alice, with a password]");
    }
}
