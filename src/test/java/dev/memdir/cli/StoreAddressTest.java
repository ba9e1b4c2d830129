package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.memdir.config.ConfigException;
import dev.memdir.config.SettingsResolver;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StoreAddressTest {

    private final SettingsResolver resolver = new SettingsResolver(Map.of(), Path.of("/home/ann"),
            Path.of("/work/project"));

    @Test
    void aLibpqUriIsADatabaseReachedAsStoreReachesIt() throws Exception {
        StoreAddress address = StoreAddress.parse("postgresql://ann@db.example:5433/team?sslmode=require", "--to");

        assertThat(address.directory()).isEmpty();
        assertThat(address.database(resolver, "acme").url().jdbcUrl())
                .startsWith("jdbc:postgresql://db.example:5433/team");
        assertThat(address.database(resolver, "acme").login().user()).isEqualTo("ann");
        assertThat(address.database(resolver, "acme").namespace()).isEqualTo("acme");
    }

    @Test
    void anythingElseIsADirectory() throws Exception {
        assertThat(StoreAddress.parse("notes/memory", "--to").directory())
                .isEqualTo(Optional.of(Path.of("notes/memory")));
        assertThat(StoreAddress.parse("notes/memory", "--to").url()).isEmpty();
    }

    @Test
    void aPasswordInTheUriIsRefusedWithWhereToPutIt() {
        assertThat(catchThrowable(() -> StoreAddress.parse("postgresql://ann:hunter2@h/d", "--to")
                .database(resolver, "acme")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("PGPASSWORD");
    }

    @ParameterizedTest
    @CsvSource({"jdbc:postgresql://h/db?user=a&password=secret, jdbc", "s3://bucket/x, s3", "https://x/y, https",
            "file:///tmp/m, file", "mysql://h/db, mysql", "notes:2024, notes"})
    void anotherUrl_isRefused_namingTheSchemesTaken_withoutEchoingIt(String url, String scheme) {
        Throwable refused = catchThrowable(() -> StoreAddress.parse(url, "--to"));

        assertThat(refused).isInstanceOf(ConfigException.class).hasMessage("--to must be a directory or a PostgreSQL"
                + " URL (postgresql://... or postgres://...), not a '" + scheme + ":' URL");
    }

    @ParameterizedTest
    @ValueSource(strings = {"C:\\notes", "c:notes", "./s3:bucket", "notes/a:b"})
    void aWindowsDriveOrAColonLaterOn_isADirectory(String path) throws Exception {
        assertThat(StoreAddress.parse(path, "--to").directory()).isEqualTo(Optional.of(Path.of(path)));
    }

    @Test
    void aRelativeDirectory_liesUnderTheWorkingDirectory() throws Exception {
        assertThat(StoreAddress.parse("notes/memory", "--to").directoryIn(resolver))
                .isEqualTo(Optional.of(Path.of("/work/project/notes/memory")));
        assertThat(StoreAddress.parse("/abs/memory", "--to").directoryIn(resolver))
                .isEqualTo(Optional.of(Path.of("/abs/memory")));
    }
}
