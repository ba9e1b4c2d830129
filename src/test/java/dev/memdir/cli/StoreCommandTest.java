package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.config.S3Url;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.directory.RootFiles;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.postgres.LocalPostgres;
import dev.memdir.memory.s3.S3Figures;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.Sha256;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.memory.store.Usage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code memdir store copy} and {@code memdir store check} on a directory and a real PostgreSQL. */
class StoreCommandTest {

    @TempDir Path temp;
    private Path source;
    private String database;

    @BeforeEach
    void fillASourceDirectory() throws Exception {
        source = temp.resolve("source");
        database = LocalPostgres.shared().freshStoreUrl();
        byte[] image = new byte[3000];
        new Random(7).nextBytes(image);
        try (DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(source, StoreLimits.perFile(1 << 20),
                "writer-1"))) {
            store.change(files -> {
                write(files, "MEMORY.md", "- topics/a.md\n".getBytes(StandardCharsets.UTF_8));
                write(files, "topics/deep/er/a.md", "first\n".getBytes(StandardCharsets.UTF_8));
                write(files, "topics/deep/er/a.md", "second\n".getBytes(StandardCharsets.UTF_8));
                write(files, ".hidden/secret-notes.md", "hidden\n".getBytes(StandardCharsets.UTF_8));
                write(files, ".env", "X=1\n".getBytes(StandardCharsets.UTF_8));
                write(files, "images/logo.png", image);
                write(files, "gone.md", "deleted later\n".getBytes(StandardCharsets.UTF_8));
                files.delete(MemoryPath.of(List.of("gone.md")));
                write(files, "images/logo.png", new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, (byte) 0xff});
                files.redact(MemoryPath.of(List.of("images", "logo.png")), 1);
                return null;
            });
        }
    }

    @Test
    void aDirectoryCopiedToPostgresAndBackIsTheSameByteForByteWithItsHistory() throws Exception {
        Path back = temp.resolve("back");

        InProcessRun there = run("store", "copy", "--from", source.toString(), "--to", database, "--namespace", "team",
                "--with-history");
        InProcessRun home = run("store", "copy", "--from", database, "--to", back.toString(), "--namespace", "team",
                "--with-history");

        assertThat(there.exit()).as(there.err()).isZero();
        assertThat(there.out()).isEqualTo("Copied 5 files (38 bytes) and 3 versions from " + source.toRealPath()
                + " to PostgreSQL namespace team\n");
        assertThat(home.exit()).as(home.err()).isZero();
        assertThat(RootFiles.of(back)).isEqualTo(RootFiles.of(source));
        assertThat(histories(back)).isEqualTo(histories(source)).containsKey("/memories/gone.md");
    }

    @Test
    void whereARenameTookAFileIsCopiedEitherWay() throws Exception {
        Path renamed = temp.resolve("renamed");
        Path back = temp.resolve("renamed-back");
        try (DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(renamed, StoreLimits.perFile(1 << 20),
                "writer-1"))) {
            store.change(files -> {
                write(files, "plan.md", "the plan\n".getBytes(StandardCharsets.UTF_8));
                files.move(MemoryPath.of(List.of("plan.md")), MemoryPath.of(List.of("topics", "plan.md")));
                return null;
            });
        }
        String expected = "No earlier versions of /memories/topics/plan.md are kept.\n/memories/topics/plan.md was"
                + " renamed from /memories/plan.md, whose history is kept under that path: 'memdir history"
                + " /memories/plan.md' lists it\n";

        run("store", "copy", "--from", renamed.toString(), "--to", database, "--namespace", "team", "--with-history");
        InProcessRun there = InProcessRun.in(temp.resolve("work"), "history", "/memories/topics/plan.md", "--store",
                database, "--namespace", "team");
        run("store", "copy", "--from", database, "--to", back.toString(), "--namespace", "team", "--with-history");
        InProcessRun home = InProcessRun.in(temp.resolve("work"), "history", "/memories/topics/plan.md", "--root",
                back.toString());

        assertThat(there.out()).as(there.err()).isEqualTo(expected);
        assertThat(home.out()).as(home.err()).isEqualTo(expected);
        assertThat(histories(back)).isEqualTo(histories(renamed));
    }

    @Test
    void aRedactedVersionIsCopiedWithoutItsHashEitherWay() throws Exception {
        byte[] redacted = new byte[3000];
        new Random(7).nextBytes(redacted);
        String hash = Sha256.hex(redacted);
        String jdbcUrl = LocalPostgres.shared().freshDatabase();
        Path back = temp.resolve("back");

        run("store", "copy", "--from", source.toString(), "--to", LocalPostgres.shared().storeUrlOf(jdbcUrl),
                "--namespace", "team", "--with-history");
        run("store", "copy", "--from", LocalPostgres.shared().storeUrlOf(jdbcUrl), "--to", back.toString(),
                "--namespace", "team", "--with-history");

        try (Connection connection = DriverManager.getConnection(jdbcUrl);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT count(*) FILTER (WHERE redacted_by IS NOT NULL),"
                        + " count(*) FILTER (WHERE sha256 = '" + hash + "') FROM memdir.history")) {
            rows.next();
            assertThat(rows.getInt(1)).as("redacted versions").isEqualTo(1);
            assertThat(rows.getInt(2)).as("rows holding the redacted content's hash").isZero();
        }
        try (MemoryStore store = DirectoryStore.open(DirectoryOptions.of(back, StoreLimits.perFile(1 << 20),
                "reader"))) {
            assertThat(store.versions(MemoryPath.of(List.of("images", "logo.png")))).singleElement()
                    .satisfies(version -> assertThat(version.redacted()).isTrue())
                    .satisfies(version -> assertThat(version.sha256()).isEmpty());
        }
        for (Path root : List.of(source, back)) {
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path file : walk.filter(Files::isRegularFile).toList()) {
                    assertThat(Files.readString(file, StandardCharsets.ISO_8859_1)).as("%s", file).doesNotContain(hash);
                }
            }
        }
    }

    @Test
    void aTargetHoldingAMemoryIsRefusedUnlessMerging() throws Exception {
        run("store", "copy", "--from", source.toString(), "--to", database, "--namespace", "team");

        InProcessRun refused = run("store", "copy", "--from", source.toString(), "--to", database, "--namespace", "team");
        InProcessRun merged = run("store", "copy", "--from", source.toString(), "--to", database, "--namespace", "team",
                "--merge");

        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.err()).isEqualTo("memdir: PostgreSQL namespace team already holds a memory; nothing was"
                + " copied. Copy into an empty store, or give --merge to add to it\n");
        assertThat(merged.exit()).as(merged.err()).isZero();
    }

    @Test
    void oneOfAThingIsCountedInTheSingular() throws Exception {
        Path single = temp.resolve("single");
        try (DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(single, StoreLimits.perFile(1 << 20),
                "writer-1"))) {
            store.change(files -> {
                write(files, "a.md", "x".getBytes(StandardCharsets.UTF_8));
                write(files, "a.md", "y".getBytes(StandardCharsets.UTF_8));
                return null;
            });
        }

        InProcessRun copied = run("store", "copy", "--from", single.toString(), "--to", temp.resolve("copy").toString(),
                "--with-history");
        InProcessRun checked = run("store", "check", single.toString());

        assertThat(copied.out()).isEqualTo("Copied 1 file (1 byte) and 1 version from " + single.toRealPath() + " to "
                + temp.resolve("copy").toRealPath() + "\n");
        assertThat(checked.out()).isEqualTo("Directory " + single.toRealPath()
                + ": 1 file, 1 byte (hidden files included, memdir's own not)\n");
    }

    @Test
    void aFolderHoldingAMemoryBelowItIsRefusedNamingTheMemory() throws Exception {
        Path project = Files.createDirectory(temp.resolve("project"));
        Files.move(source, project.resolve("memory"));

        InProcessRun refused = run("store", "copy", "--from", project.toString(), "--to",
                temp.resolve("copy").toString(), "--with-history");
        InProcessRun copied = run("store", "copy", "--from", project.resolve("memory").toString(), "--to",
                temp.resolve("copy").toString(), "--with-history");

        assertThat(refused.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(refused.err()).isEqualTo("memdir: --from " + project + " holds no memory of its own: the memory is "
                + project.resolve("memory") + "; give that as --from\n");
        assertThat(copied.exit()).as(copied.err()).isZero();
        assertThat(copied.out()).startsWith("Copied 5 files (38 bytes) and ");
    }

    @Test
    void checkReportsTheSchemaNamespacesAndFiguresOrTheDirectorysFigures() throws Exception {
        run("store", "copy", "--from", source.toString(), "--to", database, "--namespace", "team");

        InProcessRun database = run("store", "check", this.database);
        InProcessRun directory = run("store", "check", source.toString());

        assertThat(database.out()).startsWith("PostgreSQL " + this.database + "\nmemdir schema version ")
                .containsPattern("\nteam +5 +38 +0\n");
        assertThat(directory.out()).isEqualTo("Directory " + source.toRealPath()
                + ": 5 files, 38 bytes (hidden files included, memdir's own not)\n");
    }

    @Test
    void aUrlWithoutANamespaceIsAUsageError() throws Exception {
        InProcessRun run = run("store", "copy", "--from", source.toString(), "--to", database);

        assertThat(run.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(run.err()).isEqualTo("memdir: --namespace names the memory inside a PostgreSQL database or an S3 bucket;"
                + " give it\n");
    }

    @Test
    void aBucketWithoutANamespaceIsAUsageError() throws Exception {
        InProcessRun run = run("store", "copy", "--from", source.toString(), "--to", "s3://team-memory/x");

        assertThat(run.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(run.err()).isEqualTo("memdir: --namespace names the memory inside a PostgreSQL database or an S3"
                + " bucket; give it\n");
    }

    /** The S3 store is opened with the options given; one that cannot be opened says so in one line, exit 1. */
    @Test
    void aBucketIsOpenedWithTheS3Options_aFailureIsOneLine() throws Exception {
        int port = closedPort();

        InProcessRun copy = run("store", "copy", "--from", source.toString(), "--to", "s3://team-memory/x",
                "--namespace", "team", "--s3-endpoint", "http://127.0.0.1:" + port, "--s3-region", "auto",
                "--store-timeout", "2s");
        InProcessRun check = run("store", "check", "s3://team-memory/x", "--s3-endpoint", "http://127.0.0.1:" + port,
                "--store-timeout", "2s");

        assertThat(copy.exit()).isEqualTo(ExitCode.FAILED.code());
        assertThat(copy.err()).startsWith("memdir: store copy failed: cannot open namespace team of"
                + " s3://team-memory/x: ").hasLineCount(1);
        assertThat(copy.out()).isEmpty();
        assertThat(check.exit()).isEqualTo(ExitCode.FAILED.code());
        assertThat(check.err()).startsWith("memdir: store check failed: ").hasLineCount(1);
        assertThat(check.out()).isEmpty();
    }

    @Test
    void s3OptionsWithoutABucketAreRefused() throws Exception {
        InProcessRun run = run("store", "copy", "--from", source.toString(), "--to", temp.resolve("copy").toString(),
                "--s3-region", "auto");

        assertThat(run.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(run.err()).isEqualTo("memdir: --s3-region needs --store s3://BUCKET[/PREFIX]: it says where a"
                + " bucket is\n");
        assertThat(temp.resolve("copy")).doesNotExist();
    }

    @Test
    void aBucketsCheck_isANamespaceLineEach_andFlagsCountersThatDifferFromARecount() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

        ExitCode exit = StoreCommand.checkBucket(List.of(
                new S3Figures.Namespace("team", 17, new Usage(5, 38), 120, new Usage(5, 38), 120),
                new S3Figures.Namespace("user/bob", 3, new Usage(2, 10), 0, new Usage(1, 4), 6)),
                new S3Url("team-memory", "x"), out);

        assertThat(exit).isEqualTo(ExitCode.FAILED);
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("S3 s3://team-memory/x\n"
                + String.format("%-40s %9s %12s %14s %12s%n", "namespace", "files", "bytes", "history bytes", "commit")
                + String.format("%-40s %9s %12s %14s %12s%n", "team", 5, 38, 120, 17)
                + String.format("%-40s %9s %12s %14s %12s%n", "user/bob", 2, 10, 0, 3)
                + "  counters differ from a recount of the files: 1 file, 4 bytes, 6 history bytes\n");
    }

    @Test
    void anEmptyBucketsCheck_saysSo() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        ExitCode exit = StoreCommand.checkBucket(List.of(), new S3Url("team-memory", ""),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));

        assertThat(exit).isEqualTo(ExitCode.OK);
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("S3 s3://team-memory\n"
                + "no memory yet (memdir makes a namespace's when it first changes it)\n");
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", quoteCharacter = '"', value = {
        "copy => store copy needs --from DIR|URL, the store to copy from",
        "copy --from here => store copy needs --to DIR|URL, the store to copy into",
        "copy --from here --to there extra => 'memdir store copy' does not take 'extra'",
        "check --merge => --merge goes with 'store copy' only",
        "check --namespace team => --namespace goes with 'store copy' only",
        "check one two => 'memdir store check' does not take 'two'",
        "move => 'memdir store' has no command 'move'",
        "copy --from a --to b --root r => --root goes with 'store check' only",
        "copy --from a --to b --http 8080 => 'memdir store copy' does not take '--http'",
        "check --http 8080 => 'memdir store check' does not take '--http'",
    })
    void aRefusedCommandLineNamesWhatIsWrongThenTheUse(String words, String fault) {
        InProcessRun.inWords(temp.resolve("work"), "store", words).assertRefused(fault, "memdir: use 'memdir store copy"
                + " --from DIR|URL --to DIR|URL [--namespace N] [--with-history] [--merge]' or 'memdir store check"
                + " [DIR|URL]'");
        assertThat(temp.resolve("work")).isEmptyDirectory();
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void write(MemoryFiles files, String relative, byte[] content)
            throws IOException, CommandException {
        files.write(MemoryPath.of(List.of(relative.split("/"))), content);
    }

    private InProcessRun run(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        if (!args[1].equals("copy")) {
            // store copy takes no root: its stores are --from and --to.
            all.addAll(List.of("--root", temp.resolve("unused").toString()));
        }
        return InProcessRun.in(temp.resolve("work"), all.toArray(String[]::new));
    }

    /** Returns every path's versions, each with its content (hex, or nothing when redacted), newest first. */
    private static Map<String, List<String>> histories(Path root) throws Exception {
        try (MemoryStore store = DirectoryStore.open(DirectoryOptions.of(root, StoreLimits.perFile(1 << 20),
                "reader"))) {
            return store.read(files -> {
                Map<String, List<String>> histories = new HashMap<>();
                for (MemoryPath path : files.historyPaths()) {
                    List<String> versions = new ArrayList<>();
                    for (FileVersion version : files.versions(path)) {
                        versions.add(version + " " + files.version(path, version.number())
                                .map(HexFormat.of()::formatHex).orElse("-"));
                    }
                    histories.put(path.display(), versions);
                }
                return histories;
            });
        }
    }
}
