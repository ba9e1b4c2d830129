package dev.memdir.memory.postgres;

import static dev.memdir.memory.ToolCalls.linesOf;
import static dev.memdir.memory.ToolCalls.text;
import static dev.memdir.memory.ToolCalls.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.tuple;

import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.Stores;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.memory.store.Usage;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What only the PostgreSQL store does: its schema, its namespaces, and many stores writing one namespace. */
class PostgresStoreTest {

    private static final StoreLimits LIMITS = StoreLimits.perFile(1 << 20);
    private final LocalPostgres server = LocalPostgres.shared();

    @Test
    void open_freshDatabase_migratesTheSchemaToItsVersion() throws Exception {
        String url = server.freshDatabase();
        try (PostgresStore store = PostgresStore.open(LocalPostgres.connectionTo(url),
                PostgresOptions.of("team", LIMITS, "test"))) {
            text(tool(store), "create", "path", "/memories/a.md", "file_text", "a");
        }
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement();
                ResultSet version = statement.executeQuery("SELECT max(version) FROM memdir.schema_version")) {
            version.next();
            assertThat(version.getInt(1)).isEqualTo(SchemaMigrations.latestVersion());
        }
    }

    @Test
    void open_schemaNewerThanThisMemdir_refusedAndNothingTouched() throws Exception {
        int newer = SchemaMigrations.latestVersion() + 1;
        String url = server.freshDatabase();
        PostgresStore.open(LocalPostgres.connectionTo(url), PostgresOptions.of("team", LIMITS, "test")).close();
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO memdir.schema_version (version) VALUES (" + newer + ")");
        }

        Throwable refused = catchThrowable(() -> PostgresStore.open(LocalPostgres.connectionTo(url),
                PostgresOptions.of("other", LIMITS, "t")));

        assertThat(refused).isInstanceOf(NewerSchemaException.class).hasMessage("The database's memdir schema is at"
                + " version " + newer + ", newer than this memdir understands (" + SchemaMigrations.latestVersion()
                + "); nothing was changed. Upgrade memdir to use this database.");
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement();
                ResultSet names = statement.executeQuery("SELECT name FROM memdir.namespaces")) {
            names.next();
            assertThat(names.getString(1)).isEqualTo("team");
            assertThat(names.next()).isFalse();
        }
    }

    @Test
    void open_schemaOfAnEarlierMemdir_clearsTheHashOfRedactedVersionsOnly() throws Exception {
        String url = server.freshDatabase();
        String redactedHash = "a".repeat(64);
        String keptHash = "b".repeat(64);
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            SchemaMigrations.migrate(connection, 3);
            statement.execute("INSERT INTO memdir.namespaces (name) VALUES ('team')");
            statement.execute("INSERT INTO memdir.history (namespace, path, number, operation, content, size, sha256,"
                    + " kept, actor, redacted_by, redacted_at) SELECT id, 'notes.md', number, 'write', content, size,"
                    + " sha256, now(), 's', redacted_by, CASE WHEN redacted_by IS NULL THEN NULL ELSE now() END"
                    + " FROM memdir.namespaces, (VALUES (1, NULL::bytea, 9, '" + redactedHash + "', 'r'),"
                    + " (2, 'kept'::bytea, 4, '" + keptHash + "', NULL)) AS kept (number, content, size, sha256,"
                    + " redacted_by) WHERE name = 'team'");
            connection.commit();
        }

        List<FileVersion> versions;
        try (PostgresStore store = PostgresStore.open(LocalPostgres.connectionTo(url),
                PostgresOptions.of("team", LIMITS, "test"))) {
            versions = store.versions(MemoryPath.of(List.of("notes.md")));
        }

        assertThat(versions).extracting(FileVersion::sha256).containsExactly(Optional.of(keptHash), Optional.empty());
        assertThat(versions.get(1).redaction().orElseThrow().actor()).isEqualTo("r");
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement();
                ResultSet hashes = statement.executeQuery("SELECT count(*) FROM memdir.history WHERE sha256 = '"
                        + redactedHash + "'")) {
            hashes.next();
            assertThat(hashes.getInt(1)).isZero();
        }
    }

    @Test
    void open_schemaAtVersion4_addsWhereARenameTookTheFile_keepingEveryOldRow() throws Exception {
        String url = server.freshDatabase();
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            SchemaMigrations.migrate(connection, 4);
            statement.execute("INSERT INTO memdir.namespaces (name) VALUES ('team')");
            statement.execute("INSERT INTO memdir.history (namespace, path, number, operation, content, size, sha256,"
                    + " kept, actor) SELECT id, 'old.md', number, operation, 'kept'::bytea, 4, '" + "c".repeat(64)
                    + "', now(), 's' FROM memdir.namespaces, (VALUES (1, 'write'), (2, 'rename')) AS kept (number,"
                    + " operation) WHERE name = 'team'");
            connection.commit();
        }

        List<FileVersion> old;
        List<FileVersion> renamed;
        try (PostgresStore store = PostgresStore.open(LocalPostgres.connectionTo(url),
                PostgresOptions.of("team", LIMITS, "test"))) {
            old = store.versions(MemoryPath.of(List.of("old.md")));
            MemoryTool tool = tool(store);
            text(tool, "create", "path", "/memories/new.md", "file_text", "new");
            text(tool, "rename", "old_path", "/memories/new.md", "new_path", "/memories/newer.md");
            renamed = store.versions(MemoryPath.of(List.of("new.md")));
        }

        assertThat(old).extracting(FileVersion::number, FileVersion::operation, FileVersion::renamedTo)
                .containsExactly(tuple(2, FileVersion.Operation.RENAME, Optional.empty()),
                        tuple(1, FileVersion.Operation.WRITE, Optional.empty()));
        assertThat(renamed).singleElement().satisfies(version -> assertThat(version.renamedTo())
                .contains(MemoryPath.of(List.of("newer.md"))));
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT (SELECT max(version) FROM memdir.schema_version),"
                        + " string_agg(path || ':' || coalesce(renamed_to, '-'), ' ' ORDER BY path, number)"
                        + " FROM memdir.history")) {
            rows.next();
            assertThat(rows.getInt(1)).isEqualTo(SchemaMigrations.latestVersion());
            assertThat(rows.getString(2)).isEqualTo("new.md:newer.md old.md:- old.md:-");
        }
    }

    @Test
    void open_namespaceOutsideTheNameRules_refused() {
        for (String name : List.of("", "a..b", "spaces are not", "x".repeat(201))) {
            assertThat(catchThrowable(() -> server.open(PostgresOptions.of(name, LIMITS,
                    "t")))).as(name).isInstanceOf(IllegalArgumentException.class);
        }
    }

    /** Like an empty directory on ext4 ({@code ViewDirectoryOnDiskTest}). */
    @Test
    void view_emptyRoot_is4K() throws Exception {
        try (PostgresStore store = server.open(PostgresOptions.of(LocalPostgres.freshNamespace(), LIMITS, "test"))) {
            assertThat(text(tool(store), "view", "path", "/memories")).endsWith("\n4K\t/memories");
        }
    }

    @Test
    void namespaces_doNotSeeEachOther() throws Exception {
        try (PostgresStore one = server.open(PostgresOptions.of(LocalPostgres.freshNamespace(), LIMITS, "one"));
                PostgresStore two = server.open(PostgresOptions.of(LocalPostgres.freshNamespace(), LIMITS, "two"))) {
            text(tool(one), "create", "path", "/memories/a.md", "file_text", "one");

            assertThat(text(tool(two), "view", "path", "/memories"))
                    .endsWith("node_modules:\n4K\t/memories");
            assertThat(two.usage()).isEqualTo(new Usage(0, 0));
            assertThat(one.usage()).isEqualTo(new Usage(1, 3));
        }
    }

    @Test
    void storesWithPoolsOfTheirOwnOnOneNamespace_loseNoInsert() throws Exception {
        String namespace = LocalPostgres.freshNamespace();
        int writers = 4;
        int inserts = 25;
        List<PostgresStore> stores = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            stores.add(PostgresStore.open(LocalPostgres.connectionTo(server.jdbcUrl()),
                    PostgresOptions.of(namespace, LIMITS, "w" + i)));
        }
        ExecutorService threads = Executors.newFixedThreadPool(writers);
        try {
            text(tool(stores.get(0)), "create", "path", "/memories/log.md", "file_text", "");
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                MemoryTool tool = tool(stores.get(w));
                int writer = w;
                done.add(threads.submit(() -> {
                    for (int i = 0; i < inserts; i++) {
                        text(tool, "insert", "path", "/memories/log.md", "insert_line", 0,
                                "insert_text", "w" + writer + "-" + i);
                    }
                    return null;
                }));
            }
            for (Future<?> writer : done) {
                writer.get();
            }
            List<String> lines = linesOf(text(tool(stores.get(0)), "view", "path", "/memories/log.md"));

            assertThat(lines).hasSize(writers * inserts).doesNotHaveDuplicates()
                    .containsAll(IntStream.range(0, inserts).mapToObj(i -> "w0-" + i).toList());
        } finally {
            threads.shutdownNow();
            Stores.closeAll(stores);
        }
    }

    @Test
    void directoryRenamesRacingWithInsertsAndViews_loseNoAnsweredInsertShowNoHalfRenameAndKeepTheTotals() throws Exception {
        String namespace = LocalPostgres.freshNamespace();
        List<PostgresStore> stores = new ArrayList<>();
        for (String actor : List.of("writer", "renamer", "reader")) {
            stores.add(PostgresStore.open(LocalPostgres.connectionTo(server.jdbcUrl()),
                    PostgresOptions.of(namespace, LIMITS, actor)));
        }
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try {
            MemoryTool writer = tool(stores.get(0));
            MemoryTool renamer = tool(stores.get(1));
            MemoryTool reader = tool(stores.get(2));
            text(writer, "create", "path", "/memories/d/log.md", "file_text", "");
            Future<List<String>> written = threads.submit(() -> {
                List<String> answered = new ArrayList<>();
                for (int i = 0; i < 60; i++) {
                    try {
                        text(writer, "insert", "path", "/memories/d/log.md", "insert_line", 0, "insert_text", "i" + i);
                        answered.add("i" + i);
                    } catch (CommandException renamedAway) {
                        assertThat(renamedAway.text()).isEqualTo(
                                "Error: The path /memories/d/log.md does not exist. Please provide a valid path.");
                    }
                }
                return answered;
            });
            Future<?> renames = threads.submit(() -> {
                for (int i = 0; i < 20; i++) {
                    text(renamer, "rename", "old_path", "/memories/d", "new_path", "/memories/e");
                    text(renamer, "rename", "old_path", "/memories/e", "new_path", "/memories/d");
                }
                return null;
            });
            Future<?> views = threads.submit(() -> {
                for (int i = 0; i < 60; i++) {
                    String listing = text(reader, "view", "path", "/memories");
                    assertThat(listing.contains("\t/memories/d/") != listing.contains("\t/memories/e/"))
                            .as(listing).isTrue();
                }
                return null;
            });
            renames.get();
            views.get();
            List<String> answered = written.get();

            assertThat(answered).isNotEmpty();
            assertThat(linesOf(text(reader, "view", "path", "/memories/d/log.md")))
                    .containsExactlyInAnyOrderElementsOf(answered);
            assertThat(NamespaceCounts.kept(server.jdbcUrl(), namespace))
                    .isEqualTo(NamespaceCounts.recounted(server.jdbcUrl(), namespace));
        } finally {
            threads.shutdownNow();
            Stores.closeAll(stores);
        }
    }
}
