package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.memdir.config.ConfigException;
import dev.memdir.config.SettingsResolver;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StoreAddressTest {

    private final SettingsResolver resolver = new SettingsResolver(Map.of(), Path.of("/home/ann"),
            Path.of("/work/project"));

    @Test
    void aLibpqUriIsADatabaseReachedAsStoreReachesIt() throws Exception {
        StoreAddress address = StoreAddress.parse("postgresql://ann@db.example:5433/team?sslmode=require");

        assertThat(address.directory()).isEmpty();
        assertThat(address.database(resolver, "acme").url().jdbcUrl())
                .startsWith("jdbc:postgresql://db.example:5433/team");
        assertThat(address.database(resolver, "acme").login().user()).isEqualTo("ann");
        assertThat(address.database(resolver, "acme").namespace()).isEqualTo("acme");
    }

    @Test
    void anythingElseIsADirectory() {
        assertThat(StoreAddress.parse("notes/memory").directory())
                .isEqualTo(Optional.of(Path.of("notes/memory")));
        assertThat(StoreAddress.parse("notes/memory").url()).isEmpty();
    }

    @Test
    void aPasswordInTheUriIsRefusedWithWhereToPutIt() {
        assertThat(catchThrowable(() -> StoreAddress.parse("postgresql://ann:hunter2@h/d")
                .database(resolver, "acme")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("PGPASSWORD");
    }

    @Test
    void aRelativeDirectory_liesUnderTheWorkingDirectory() {
        assertThat(StoreAddress.parse("notes/memory").directoryIn(resolver))
                .isEqualTo(Optional.of(Path.of("/work/project/notes/memory")));
        assertThat(StoreAddress.parse("/abs/memory").directoryIn(resolver))
                .isEqualTo(Optional.of(Path.of("/abs/memory")));
    }
}
