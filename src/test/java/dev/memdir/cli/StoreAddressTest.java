package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.memdir.config.ConfigException;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StoreAddressTest {

    @Test
    void aLibpqUriIsADatabaseReachedAsStoreReachesIt() throws Exception {
        StoreAddress address = StoreAddress.parse("postgresql://ann@db.example:5433/team?sslmode=require");

        assertThat(address.directory()).isEmpty();
        assertThat(address.database("acme").url().jdbcUrl()).startsWith("jdbc:postgresql://db.example:5433/team");
        assertThat(address.database("acme").login().user()).isEqualTo("ann");
        assertThat(address.database("acme").namespace()).isEqualTo("acme");
    }

    @Test
    void anythingElseIsADirectory() {
        assertThat(StoreAddress.parse("notes/memory").directory()).isEqualTo(Optional.of(Path.of("notes/memory")));
        assertThat(StoreAddress.parse("notes/memory").url()).isEmpty();
    }

    @Test
    void aPasswordInTheUriIsRefusedWithWhereToPutIt() {
        assertThat(catchThrowable(() -> StoreAddress.parse("postgresql://ann:hunter2@h/d").database("acme")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("PGPASSWORD");
    }
}
