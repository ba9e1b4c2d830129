package dev.memdir.memory.postgres;

import static dev.memdir.memory.ToolCalls.text;
import static dev.memdir.memory.ToolCalls.tool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.ChangeReports;
import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.StoreLimits;
import java.io.Closeable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Many namespaces on one process's connections: how many connections they take, and whose notices reach whom. */
class PostgresDatabaseTest {

    private static final StoreLimits LIMITS = StoreLimits.perFile(1 << 20);
    private final LocalPostgres server = LocalPostgres.shared();
    private String url;
    private String databaseName;
    @AutoClose PostgresDatabase database;

    @BeforeEach
    void open() throws Exception {
        url = server.freshDatabase();
        databaseName = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
        database = PostgresDatabase.open(LocalPostgres.connectionTo(url));
    }

    private PostgresStore store(String namespace, String actor) throws Exception {
        return database.open(PostgresOptions.of(namespace, LIMITS, actor));
    }

    @Test
    void thirtyNamespacesWatchedAndWritten_takeAtMostThePoolAndOneListeningConnection() throws Exception {
        List<Closeable> opened = new ArrayList<>();
        try {
            for (int i = 0; i < 30; i++) {
                PostgresStore store = store("team/n" + i, "actor" + i);
                opened.add(store);
                opened.add(store.changes().listen(new ChangeReports()));
                text(tool(store), "create", "path", "/memories/a.md", "file_text", "namespace " + i);
            }

            int backends = backends();
            assertThat(backends).isPositive().isLessThanOrEqualTo(PostgresDatabase.SHARED_POOL_SIZE + 1);
        } finally {
            for (Closeable closeable : opened) {
                closeable.close();
            }
        }
    }

    @Test
    void aWriteInOneNamespace_heardByItsListenersOnly() throws Exception {
        try (PostgresStore one = store("team/one", "ann"); PostgresStore two = store("team/two", "bob");
                PostgresStore oneAgain = store("team/one", "cyd")) {
            ChangeReports heardInOne = new ChangeReports();
            ChangeReports heardInOneAgain = new ChangeReports();
            ChangeReports heardInTwo = new ChangeReports();
            try (Closeable a = one.changes().listen(heardInOne); Closeable b = two.changes().listen(heardInTwo);
                    Closeable c = oneAgain.changes().listen(heardInOneAgain)) {
                text(tool(one), "create", "path", "/memories/one.md", "file_text", "one");

                assertThat(heardInOne.awaitWithinASecond("one.md")).isTrue();
                assertThat(heardInOneAgain.awaitWithinASecond("one.md")).isTrue();
                assertThat(heardInTwo.all(Duration.ofMillis(500))).isEmpty();

                text(tool(two), "create", "path", "/memories/two.md", "file_text", "two");
                assertThat(heardInTwo.awaitWithinASecond("two.md")).isTrue();
                assertThat(heardInOne.all(Duration.ofMillis(300))).noneMatch(changes -> changes.touches("two.md"));
            }
        }
    }

    @Test
    void aClosedWatch_hearsNoMore_othersStillDo() throws Exception {
        try (PostgresStore one = store("team/one", "ann"); PostgresStore two = store("team/two", "bob")) {
            ChangeReports heardInOne = new ChangeReports();
            ChangeReports heardInTwo = new ChangeReports();
            try (Closeable b = two.changes().listen(heardInTwo)) {
                one.changes().listen(heardInOne).close();

                text(tool(one), "create", "path", "/memories/one.md", "file_text", "one");
                text(tool(two), "create", "path", "/memories/two.md", "file_text", "two");

                assertThat(heardInTwo.awaitWithinASecond("two.md")).isTrue();
                assertThat(heardInOne.all(Duration.ofMillis(300))).isEmpty();
            }
        }
    }

    @Test
    void lostListeningConnection_madeAgainForEveryNamespace_eachHearingEverythingThenItsOwn() throws Exception {
        try (PostgresStore one = store("team/one", "ann"); PostgresStore two = store("team/two", "bob")) {
            ChangeReports heardInOne = new ChangeReports();
            ChangeReports heardInTwo = new ChangeReports();
            try (Closeable a = one.changes().listen(heardInOne); Closeable b = two.changes().listen(heardInTwo)) {
                assertThat(endListeningSessions()).isEqualTo(1);

                assertThat(heardInOne.await(MemoryChanges::everything, Duration.ofSeconds(5))).isTrue();
                assertThat(heardInTwo.await(MemoryChanges::everything, Duration.ofSeconds(5))).isTrue();
                text(tool(one), "create", "path", "/memories/one.md", "file_text", "one");
                text(tool(two), "create", "path", "/memories/two.md", "file_text", "two");
                assertThat(heardInOne.awaitWithinASecond("one.md")).isTrue();
                assertThat(heardInTwo.awaitWithinASecond("two.md")).isTrue();
                assertThat(heardInTwo.all(Duration.ofMillis(300)))
                        .noneMatch(changes -> !changes.everything() && changes.touches("one.md"));
            }
        }
    }

    /** Returns how many server sessions the database of this test has, the test's own pool being on another. */
    private int backends() throws Exception {
        return count("SELECT count(*) FROM pg_stat_activity WHERE datname = ?");
    }

    /** Ends the server sessions of this test's database whose last statement was a LISTEN. */
    private int endListeningSessions() throws Exception {
        return count("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = ?"
                + " AND query LIKE 'LISTEN %'");
    }

    private int count(String query) throws Exception {
        try (Connection connection = server.dataSource().getConnection();
                PreparedStatement statement = connection.prepareStatement(query)) {
            statement.setString(1, databaseName);
            try (ResultSet counted = statement.executeQuery()) {
                counted.next();
                return counted.getInt(1);
            }
        }
    }
}
