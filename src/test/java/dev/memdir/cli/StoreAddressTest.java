package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StoreAddressTest {

    @Test
    void aLibpqUriBecomesTheJdbcUrlOfTheSameDatabase() {
        assertThat(StoreAddress.parse("postgresql://ann@db.example:5433/team?sslmode=require").jdbcUrl())
                .contains("jdbc:postgresql://db.example:5433/team?user=ann&sslmode=require");
        assertThat(StoreAddress.parse("postgresql://localhost/memories").jdbcUrl())
                .contains("jdbc:postgresql://localhost/memories");
    }

    @Test
    void aJdbcUrlIsTakenAsItIsAndAnythingElseIsADirectory() {
        assertThat(StoreAddress.parse("jdbc:postgresql://h/d?user=u").jdbcUrl())
                .contains("jdbc:postgresql://h/d?user=u");
        assertThat(StoreAddress.parse("notes/memory").directory()).isEqualTo(Optional.of(Path.of("notes/memory")));
    }

    @Test
    void aPasswordInTheUriIsRefusedWithWhereToPutIt() {
        assertThat(catchThrowable(() -> StoreAddress.parse("postgresql://ann:hunter2@h/d")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a password in postgresql://... is refused"
                        + " (the process list shows it); put it in PGPASSWORD or ~/.pgpass instead");
    }
}
