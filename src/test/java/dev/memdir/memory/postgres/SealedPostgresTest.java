package dev.memdir.memory.postgres;

import static dev.memdir.memory.ToolCalls.answer;
import static dev.memdir.memory.ToolCalls.text;
import static dev.memdir.memory.ToolCalls.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.Stores;
import dev.memdir.memory.TestKeys;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.seal.KeyFiles;
import dev.memdir.memory.seal.TinkKeys;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.SealRefusedException;
import dev.memdir.memory.store.Sha256;
import dev.memdir.memory.store.StoreFault;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Encryption at rest on PostgreSQL (issue 24): what the rows and a {@code pg_dump} of the database hold of what was
 * written, what a row changed outside memdir answers, the start-up rules, and a rotation of the keys. Every test has
 * a database of its own.
 */
class SealedPostgresTest {

    private static final StoreLimits LIMITS = StoreLimits.perFile(1 << 20);
    private static final Optional<MemoryKeys> KEY = Optional.of(TestKeys.shared());
    private final LocalPostgres server = LocalPostgres.shared();

    @Test
    void sealed_rowsAndDumpHoldNoMarkerNorTheHashOfAnyContent() throws Exception {
        String url = server.freshDatabase();
        Written written = writeMarkers(url, KEY);
        String dump = server.dump(url);

        for (String needle : written.inClear()) {
            assertThat(inRows(url, needle)).as("the rows hold %s", needle).isFalse();
            assertThat(dump).as("the dump holds %s", needle).doesNotContain(needle);
        }
        for (String needle : written.asDumped()) {
            assertThat(dump).as("the dump holds %s", needle).doesNotContain(needle);
        }
        assertThat(one(url, "SELECT count(*) FROM memdir.namespace_keys")).isEqualTo("1");
    }

    @Test
    void plain_rowsAndDumpHoldEveryMarkerAndTheHashOfEveryKeptContent() throws Exception {
        String url = server.freshDatabase();
        Written written = writeMarkers(url, Optional.empty());
        String dump = server.dump(url);

        for (String needle : written.inClear()) {
            assertThat(inRows(url, needle)).as("the rows hold %s", needle).isTrue();
        }
        for (String needle : written.asDumped()) {
            assertThat(dump).as("the dump holds %s", needle).contains(needle);
        }
        assertThat(one(url, "SELECT count(*) FROM memdir.namespace_keys")).isEqualTo("0");
    }

    /**
     * What must not sit in clear when sealed: the markers written and the SHA-256 of every content kept, as a row
     * holds them ({@code inClear}), and as a dump shows them ({@code asDumped}: a bytea as hex).
     */
    private record Written(List<String> inClear, List<String> asDumped) {}

    /**
     * Writes four markers through a store of namespace {@code team}: files, an edit, a rename of a directory and a
     * delete, so that the history keeps three contents, whose SHA-256 the history of the sealed store shows as the
     * plain one does.
     */
    private static Written writeMarkers(String url, Optional<MemoryKeys> keys) throws Exception {
        String tag = UUID.randomUUID().toString();
        List<String> markers = List.of("marker-a-" + tag, "marker-b-" + tag, "marker-c-" + tag, "marker-d-" + tag);
        List<String> inClear = new ArrayList<>(markers);
        List<String> asDumped = new ArrayList<>();
        try (PostgresStore store = open(url, "team", keys)) {
            MemoryTool tool = tool(store);
            text(tool, "create", "path", "/memories/a.md", "file_text", markers.get(0));
            text(tool, "create", "path", "/memories/dir/b.md", "file_text", markers.get(1));
            text(tool, "str_replace", "path", "/memories/a.md", "old_str", markers.get(0), "new_str", markers.get(2));
            text(tool, "rename", "old_path", "/memories/dir", "new_path", "/memories/moved");
            text(tool, "delete", "path", "/memories/a.md");
            text(tool, "create", "path", "/memories/c.md", "file_text", markers.get(3));

            assertThat(text(tool, "view", "path", "/memories/moved/b.md")).contains(markers.get(1));
            assertThat(text(tool, "view", "path", "/memories/c.md")).contains(markers.get(3));
            for (String marker : markers) {
                asDumped.add(HexFormat.of().formatHex(marker.getBytes(StandardCharsets.UTF_8)));
            }
            for (String kept : List.of("a.md", "dir/b.md")) {
                MemoryPath path = MemoryPath.of(List.of(kept.split("/")));
                for (FileVersion version : store.versions(path)) {
                    byte[] content = version(store, path, version.number());
                    assertThat(version.sha256()).contains(Sha256.hex(content));
                    inClear.add(Sha256.hex(content));
                    asDumped.add(Sha256.hex(content));
                }
            }
        }
        assertThat(inClear).hasSize(7);
        return new Written(inClear, asDumped);
    }

    @Test
    void aChangedByteInAFile_answersThatItDoesNotOpen_othersRead_nothingChanged() throws Exception {
        String url = server.freshDatabase();
        try (PostgresStore store = open(url, "team", KEY)) {
            MemoryTool tool = tool(store);
            text(tool, "create", "path", "/memories/a.md", "file_text", "alpha");
            text(tool, "create", "path", "/memories/b.md", "file_text", "beta");
            execute(url, "UPDATE memdir.entries SET content = set_byte(content, 20, get_byte(content, 20) # 1)"
                    + " WHERE path = 'a.md'");
            String before = rows(url);

            assertThat(answer(tool, "view", "path", "/memories/a.md")).isEqualTo(broken("/memories/a.md"));
            assertThat(answer(tool, "str_replace", "path", "/memories/a.md", "old_str", "alpha", "new_str", "x"))
                    .isEqualTo(broken("/memories/a.md"));
            assertThat(answer(tool, "rename", "old_path", "/memories/a.md", "new_path", "/memories/c.md"))
                    .isEqualTo(broken("/memories/a.md"));
            assertThat(text(tool, "view", "path", "/memories/b.md")).contains("beta");
            assertThat(rows(url)).isEqualTo(before);
        }
    }

    @Test
    void aChangedByteInAKeptVersion_answersThatItDoesNotOpen_theFileReads_nothingChanged() throws Exception {
        String url = server.freshDatabase();
        try (PostgresStore store = open(url, "team", KEY)) {
            MemoryTool tool = oneTwoBee(store);
            execute(url, "UPDATE memdir.history SET content = set_byte(content, 20, get_byte(content, 20) # 1)"
                    + " WHERE path = 'a.md' AND number = 1");
            String before = rows(url);

            CommandException restore = catchCommand(() -> tool.restore(a(), Optional.of(1)));

            assertThat(restore.text()).isEqualTo(broken("/memories/a.md"));
            assertThat(text(tool, "view", "path", "/memories/a.md")).contains("two");
            assertThat(rows(url)).isEqualTo(before);
        }
    }

    @Test
    void contentCopiedToAnotherPathOrNamespace_doesNotOpen() throws Exception {
        String url = server.freshDatabase();
        try (PostgresStore team = open(url, "team", KEY); PostgresStore other = open(url, "other", KEY)) {
            text(tool(team), "create", "path", "/memories/a.md", "file_text", "alpha");
            text(tool(team), "create", "path", "/memories/b.md", "file_text", "beta");
            text(tool(other), "create", "path", "/memories/a.md", "file_text", "gamma");
            String teamA = "(SELECT content FROM memdir.entries WHERE path = 'a.md' AND namespace = " + id("team")
                    + ")";
            execute(url, "UPDATE memdir.entries SET content = " + teamA + " WHERE path = 'b.md'");
            execute(url, "UPDATE memdir.entries SET content = " + teamA + " WHERE path = 'a.md' AND namespace = "
                    + id("other"));

            assertThat(answer(tool(team), "view", "path", "/memories/b.md")).isEqualTo(broken("/memories/b.md"));
            assertThat(answer(tool(other), "view", "path", "/memories/a.md")).isEqualTo(broken("/memories/a.md"));
            assertThat(text(tool(team), "view", "path", "/memories/a.md")).contains("alpha");
        }
    }

    @Test
    void openedWithoutItsKey_orWithAnother_refused() throws Exception {
        String url = server.freshDatabase();
        open(url, "team", KEY).close();
        Path another = TestKeys.newKeyFile();

        Throwable withoutKey = catchThrowable(() -> open(url, "team", Optional.empty()));
        Throwable anotherKey = catchThrowable(() -> open(url, "team", Optional.of(TinkKeys.load(another))));

        assertThat(withoutKey).isInstanceOf(SealRefusedException.class)
                .hasMessage("it is encrypted: give its key with --key-file FILE (or MEMDIR_KEY_FILE)");
        assertThat(anotherKey).isInstanceOf(SealRefusedException.class)
                .hasMessage("the key in " + another + " does not open it (it was encrypted under another key)");
    }

    @Test
    void aPlainMemoryThatHoldsAFile_openedWithAKey_refused_andGetsNoKeyRecord() throws Exception {
        String url = server.freshDatabase();
        try (PostgresStore plain = open(url, "team", Optional.empty())) {
            text(tool(plain), "create", "path", "/memories/a.md", "file_text", "alpha");
        }

        Throwable refused = catchThrowable(() -> open(url, "team", KEY));

        assertThat(refused).isInstanceOf(SealRefusedException.class).hasMessage("it is not encrypted, and a key was"
                + " given: leave --key-file out, or copy it into a new encrypted memory with memdir store copy"
                + " --from ... --to ... --to-key-file FILE");
        assertThat(one(url, "SELECT count(*) FROM memdir.namespace_keys")).isEqualTo("0");
        try (PostgresStore plain = open(url, "team", Optional.empty())) {
            assertThat(text(tool(plain), "view", "path", "/memories/a.md")).contains("alpha");
        }
    }

    @Test
    void aPlainStoreOpenedBeforeTheMemoryWasEncrypted_writesNothing() throws Exception {
        String url = server.freshDatabase();
        try (PostgresStore plain = open(url, "team", Optional.empty()); PostgresStore sealed = open(url, "team", KEY)) {
            text(tool(sealed), "create", "path", "/memories/a.md", "file_text", "alpha");

            assertThat(answer(tool(plain), "create", "path", "/memories/b.md", "file_text", "beta")).isEqualTo(
                    "Error: this memory was encrypted, or its key record removed, since memdir opened it: restart"
                            + " memdir (with the memory's key, if it is encrypted). Nothing was changed.");
            assertThat(one(url, "SELECT string_agg(path, ' ') FROM memdir.entries")).isEqualTo("a.md");
        }
    }

    @Test
    void storesRacingToEncryptANewMemory_endWithOneKeyRecord() throws Exception {
        String url = server.freshDatabase();
        int racers = 6;
        List<PostgresStore> stores = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try (PostgresDatabase database = PostgresDatabase.open(LocalPostgres.connectionTo(url))) {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<PostgresStore>> opened = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                String actor = "racer-" + i;
                opened.add(pool.submit(() -> {
                    start.await();
                    return database.open(new PostgresOptions("team", LIMITS, HistoryLimits.DEFAULT, actor, KEY));
                }));
            }
            start.countDown();
            for (Future<PostgresStore> store : opened) {
                stores.add(store.get(60, TimeUnit.SECONDS));
            }
            text(tool(stores.get(0)), "create", "path", "/memories/a.md", "file_text", "alpha");

            assertThat(one(url, "SELECT count(*) FROM memdir.namespace_keys")).isEqualTo("1");
            for (PostgresStore store : stores) {
                assertThat(text(tool(store), "view", "path", "/memories/a.md")).contains("alpha");
            }
        } finally {
            pool.shutdownNow();
            Stores.closeAll(stores);
        }
    }

    @Test
    void rotateKeys_wrapsAgainUnderTheNewKey_andWithResealSealsEveryContentAgain() throws Exception {
        String url = server.freshDatabase();
        Path file = TestKeys.newKeyFile();
        Path old = file.resolveSibling("old.key");
        Files.copy(file, old);
        try (PostgresStore store = open(url, "team", Optional.of(TinkKeys.load(file)))) {
            oneTwoBee(store);
        }
        List<String> contentsBefore = contents(url);
        String record = one(url, "SELECT encode(record, 'hex') FROM memdir.namespace_keys");
        KeyFiles.rotate(file);

        try (PostgresStore store = open(url, "team", Optional.of(TinkKeys.load(file)))) {
            List<FileVersion> versions = store.versions(a());
            long wrapped = store.rotateKeys(false);
            List<String> contentsWrapped = contents(url);
            long sealedAgain = store.rotateKeys(true);

            assertThat(wrapped).isZero();
            assertThat(contentsWrapped).isEqualTo(contentsBefore);
            assertThat(sealedAgain).isEqualTo(3);
            List<String> contentsAfter = contents(url);
            assertThat(contentsAfter).hasSameSizeAs(contentsBefore);
            for (int i = 0; i < contentsBefore.size(); i++) {
                assertThat(contentsAfter.get(i)).isNotEqualTo(contentsBefore.get(i));
            }
            assertThat(one(url, "SELECT encode(record, 'hex') FROM memdir.namespace_keys")).isNotEqualTo(record);
            assertEverythingReads(store, versions);
        }
        try (PostgresStore reopened = open(url, "team", Optional.of(TinkKeys.load(file)))) {
            assertEverythingReads(reopened, reopened.versions(a()));
        }
        assertThat(catchThrowable(() -> open(url, "team", Optional.of(TinkKeys.load(old)))))
                .isInstanceOf(SealRefusedException.class);
    }

    private static void assertEverythingReads(PostgresStore store, List<FileVersion> versions) throws Exception {
        assertThat(text(tool(store), "view", "path", "/memories/a.md")).contains("two");
        assertThat(text(tool(store), "view", "path", "/memories/b.md")).contains("bee");
        assertThat(store.versions(a())).isEqualTo(versions);
        assertThat(versions).singleElement().satisfies(version -> assertThat(version.sha256())
                .contains(Sha256.hex("one".getBytes(StandardCharsets.UTF_8))));
        assertThat(new String(version(store, a(), 1), StandardCharsets.UTF_8)).isEqualTo("one");
    }

    @Test
    void rotateKeys_thatFailsHalfway_leavesEverythingAsItWas() throws Exception {
        String url = server.freshDatabase();
        try (PostgresStore store = open(url, "team", KEY)) {
            MemoryTool tool = oneTwoBee(store);
            execute(url, "UPDATE memdir.history SET content = set_byte(content, 20, get_byte(content, 20) # 1)");
            String before = rows(url) + one(url, "SELECT encode(record, 'hex') FROM memdir.namespace_keys");

            Throwable failed = catchThrowable(() -> store.rotateKeys(true));

            assertThat(failed).isInstanceOf(StoreFault.class).hasMessage(broken("/memories/a.md"));
            assertThat(rows(url) + one(url, "SELECT encode(record, 'hex') FROM memdir.namespace_keys"))
                    .isEqualTo(before);
            assertThat(text(tool, "view", "path", "/memories/a.md")).contains("two");
            assertThat(text(tool, "view", "path", "/memories/b.md")).contains("bee");
        }
    }

    @Test
    void rotateKeys_onAPlainMemory_refused() throws Exception {
        String url = server.freshDatabase();
        try (PostgresStore store = open(url, "team", Optional.empty())) {
            assertThat(catchThrowable(() -> store.rotateKeys(true))).isInstanceOf(SealRefusedException.class)
                    .hasMessage("it is not encrypted");
        }
    }

    /** Writes a.md ("one", then "two", so that the history keeps "one") and b.md ("bee"); returns the tool. */
    private static MemoryTool oneTwoBee(PostgresStore store) throws CommandException {
        MemoryTool tool = tool(store);
        text(tool, "create", "path", "/memories/a.md", "file_text", "one");
        text(tool, "str_replace", "path", "/memories/a.md", "old_str", "one", "new_str", "two");
        text(tool, "create", "path", "/memories/b.md", "file_text", "bee");
        return tool;
    }

    private static PostgresStore open(String url, String namespace, Optional<MemoryKeys> keys) throws IOException {
        return PostgresStore.open(LocalPostgres.connectionTo(url),
                new PostgresOptions(namespace, LIMITS, HistoryLimits.DEFAULT, "test", keys));
    }

    private static MemoryPath a() {
        return MemoryPath.of(List.of("a.md"));
    }

    private static byte[] version(MemoryStore store, MemoryPath path, int number) throws IOException {
        return store.readPlainly(files -> files.version(path, number)).orElseThrow();
    }

    /** The answer memdir promises for a sealed file that does not open. */
    private static String broken(String display) {
        return "Error: the stored bytes of " + display + " do not open under this memory's key: they were changed"
                + " outside memdir, or sealed for another path or memory. Nothing was changed.";
    }

    /** A call of the tool that must fail. */
    @FunctionalInterface
    private interface Call {
        Object run() throws CommandException;
    }

    private static CommandException catchCommand(Call call) {
        try {
            call.run();
        } catch (CommandException e) {
            return e;
        }
        throw new AssertionError("the call should have failed");
    }

    private static String id(String namespace) {
        return "(SELECT id FROM memdir.namespaces WHERE name = '" + namespace + "')";
    }

    private static boolean inRows(String url, String text) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url)) {
            return RawRows.hold(connection, text);
        }
    }

    /** Returns every stored content and kept SHA-256, one a row, in a fixed order. */
    private static List<String> contents(String url) throws SQLException {
        String rows = one(url, "SELECT (SELECT string_agg(encode(content, 'hex'), ' ' ORDER BY namespace, path)"
                + " FROM memdir.entries WHERE NOT directory) || ' ' || (SELECT string_agg(encode(content, 'hex')"
                + " || ' ' || sha256, ' ' ORDER BY id) FROM memdir.history)");
        return List.of(rows.split(" "));
    }

    /** Returns every row of the files and the history as text, to see that nothing changed. */
    private static String rows(String url) throws SQLException {
        return one(url, "SELECT coalesce((SELECT string_agg(e::text, '\n' ORDER BY namespace, path)"
                + " FROM memdir.entries e), '') || '\n' || coalesce((SELECT string_agg(h::text, '\n' ORDER BY id)"
                + " FROM memdir.history h), '')");
    }

    private static String one(String url, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
                PreparedStatement query = connection.prepareStatement(sql);
                ResultSet row = query.executeQuery()) {
            row.next();
            return row.getString(1);
        }
    }

    private static void execute(String url, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
                PreparedStatement statement = connection.prepareStatement(sql)) {
            assertThat(statement.executeUpdate()).isPositive();
        }
    }
}
