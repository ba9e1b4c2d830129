package dev.memdir.memory.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.memdir.memory.ChangeReports;
import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.StoreLimits;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How changes of one namespace reach the stores that watch it, and no other. */
class ChangeNoticesTest {

    private static final StoreLimits LIMITS = StoreLimits.perFile(1 << 20);
    private final LocalPostgres server = LocalPostgres.shared();
    private final String namespace = LocalPostgres.freshNamespace();
    private final ChangeReports reports = new ChangeReports();
    @AutoClose PostgresStore watched;
    @AutoClose PostgresStore writer;
    @AutoClose Closeable watch;

    @BeforeEach
    void watch() throws IOException {
        watched = open(namespace);
        writer = open(namespace);
        watch = watched.changes().listen(reports);
    }

    private PostgresStore open(String name) throws IOException {
        return server.open(PostgresOptions.of(name, LIMITS, "test"));
    }

    private static MemoryPath path(String relative) throws InvalidMemoryPathException {
        return MemoryPathParser.parse("/memories/" + relative);
    }

    private static void write(PostgresStore store, String relative) throws Exception {
        MemoryPath path = path(relative);
        store.change(files -> {
            files.write(path, relative.getBytes(StandardCharsets.UTF_8));
            return null;
        });
    }

    @Test
    void changeInAnotherNamespace_isNeverHeard() throws Exception {
        try (PostgresStore elsewhere = open(LocalPostgres.freshNamespace())) {
            write(elsewhere, "elsewhere.md");
            write(writer, "here.md");

            assertThat(reports.awaitWithinASecond("here.md")).isTrue();
            assertThat(reports.all(Duration.ofMillis(300))).noneMatch(changes -> changes.touches("elsewhere.md"));
        }
    }

    @Test
    void rolledBackChange_isNeverHeard() throws Exception {
        MemoryPath path = path("rolled-back.md");
        Throwable failed = catchThrowable(() -> writer.change(files -> {
            files.write(path, new byte[] {1});
            throw new CommandException("Error: changed my mind");
        }));
        write(writer, "committed.md");

        assertThat(failed).isInstanceOf(CommandException.class);
        assertThat(reports.awaitWithinASecond("committed.md")).isTrue();
        assertThat(reports.all(Duration.ofMillis(300))).noneMatch(changes -> changes.touches("rolled-back.md"));
    }

    @Test
    void changeOfMorePathsThanANoticeHolds_isHeardAsEverything() throws Exception {
        List<MemoryPath> paths = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            paths.add(path("a-rather-long-directory-name/note-" + i + ".md"));
        }
        writer.change(files -> {
            for (MemoryPath path : paths) {
                files.write(path, new byte[] {'x'});
            }
            return null;
        });

        assertThat(reports.await(MemoryChanges::everything, Duration.ofSeconds(1))).isTrue();
    }

    @Test
    void lostListeningConnection_isMadeAgainAndReportsEverything() throws Exception {
        assertThat(endListeningSessions()).isEqualTo(1);

        assertThat(reports.await(MemoryChanges::everything, Duration.ofSeconds(5))).isTrue();
        write(writer, "after.md");
        assertThat(reports.awaitWithinASecond("after.md")).isTrue();
    }

    /** Ends the server sessions listening to this test's namespace, as a restart of the server would. */
    private int endListeningSessions() throws Exception {
        try (Connection connection = server.dataSource().getConnection();
                PreparedStatement statement = connection.prepareStatement("SELECT count(pg_terminate_backend(pid))"
                        + " FROM pg_stat_activity WHERE query = 'LISTEN memdir_' || (SELECT id FROM"
                        + " memdir.namespaces WHERE name = ?)")) {
            statement.setString(1, namespace);
            try (ResultSet ended = statement.executeQuery()) {
                ended.next();
                return ended.getInt(1);
            }
        }
    }
}
