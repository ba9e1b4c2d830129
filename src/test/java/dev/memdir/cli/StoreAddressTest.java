package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.memdir.config.ConfigException;
import dev.memdir.config.S3Memory;
import dev.memdir.config.S3Url;
import dev.memdir.config.SettingsResolver;
import java.net.URI;
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

    @Test
    void anS3UrlIsABucketReachedWithTheS3OptionsGiven() throws Exception {
        StoreAddress address = StoreAddress.parse("s3://team-memory/people/alice/", "--to");

        assertThat(address.directory()).isEmpty();
        assertThat(address.url()).isEmpty();
        assertThat(address.bucket()).contains(new S3Url("team-memory", "people/alice"));
        assertThat(address.bucket(resolver, "acme", Map.of("s3-endpoint", "http://127.0.0.1:9", "s3-region", "auto")))
                .isEqualTo(new S3Memory(new S3Url("team-memory", "people/alice"), "acme",
                        Optional.of(URI.create("http://127.0.0.1:9")), Optional.of("auto")));
        assertThat(address.bucket(resolver, "acme", Map.of()).endpoint()).isEmpty();
    }

    @Test
    void aBadS3UrlIsRefusedNamingWhereItWasGiven_withoutEchoingCredentials() {
        assertThat(catchThrowable(() -> StoreAddress.parse("s3://AKIAEXAMPLE:hunter2@team-memory", "--from")))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("--from carries credentials")
                .hasMessageNotContaining("hunter2");
        assertThat(catchThrowable(() -> StoreAddress.parse("s3://Team_Memory/x", "the store to check")))
                .isInstanceOf(ConfigException.class).hasMessage("the store to check names the bucket 'Team_Memory';"
                        + " a bucket name is 3-63 characters of a-z 0-9 . -, beginning and ending with a letter or a"
                        + " digit");
    }

    @ParameterizedTest
    @CsvSource({"jdbc:postgresql://h/db?user=a&password=secret, jdbc", "s3:bucket/x, s3", "https://x/y, https",
            "file:///tmp/m, file", "mysql://h/db, mysql", "notes:2024, notes", "gs://bucket/x, gs"})
    void anotherUrl_isRefused_namingTheSchemesTaken_withoutEchoingIt(String url, String scheme) {
        Throwable refused = catchThrowable(() -> StoreAddress.parse(url, "--to"));

        assertThat(refused).isInstanceOf(ConfigException.class).hasMessage("--to must be a directory, a PostgreSQL"
                + " URL (postgresql://... or postgres://...) or an S3 URL (s3://BUCKET[/PREFIX]), not a '" + scheme
                + ":' URL");
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
