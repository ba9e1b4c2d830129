package dev.memdir.e2e;

import static dev.memdir.e2e.support.LegacySdkClient.call;
import static dev.memdir.e2e.support.LegacySdkClient.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.Eventually;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarMemory;
import dev.memdir.e2e.support.JarRun;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.memory.directory.RootFiles;
import dev.memdir.memory.s3.LocalS3;
import dev.memdir.memory.s3.S3Location;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real jar on a bucket of a real S3 API server (S3Proxy) (StoreNoticesIT: two jars on one namespace hear each
 * other's changes): the server stopped and started under a running session, start-ups with wrong credentials or none, the commands
 * that only read writing nothing, and {@code store copy} between a directory, PostgreSQL and a bucket either way.
 */
class S3StoreIT {

    private static final String NAMESPACE = "team";
    private static final String A = "/memories/a.md";
    private static final String B = "/memories/b.md";
    private static final String UNAVAILABLE = "Error: memory store unavailable (connection refused). Nothing was"
            + " changed.";

    @TempDir
    Path temp;

    @Test
    void theServerStoppedAndStartedUnderASession_callsAnswerUnavailableAndTheSameSessionWorksAgainWithNothingKept()
            throws Exception {
        LocalS3 server = LocalS3.startOwn();
        JarMemory bucket = JarMemory.bucket(server.freshBucket("memdir"), server).inNamespace(NAMESPACE);
        McpSyncClient client = LegacySdkClient.start(launcher(bucket));
        try {
            assertThat(text(call(client, "create", Map.of("path", A, "file_text", "before\n"))))
                    .isEqualTo("File created successfully at: " + A);
            server.stop();

            assertThat(text(call(client, "view", Map.of("path", A)))).isEqualTo(UNAVAILABLE);
            assertThat(text(call(client, "create", Map.of("path", B, "file_text", "during\n"))))
                    .isEqualTo(UNAVAILABLE);
            assertThat(text(call(client, "str_replace", Map.of("path", A, "old_str", "before", "new_str",
                    "during")))).isEqualTo(UNAVAILABLE);
            assertThat(text(call(client, "rename", Map.of("old_path", A, "new_path", B)))).isEqualTo(UNAVAILABLE);

            server.restart();
            McpSchema.CallToolResult view = Eventually.value("a view once the bucket is back", Duration.ofSeconds(30),
                    () -> call(client, "view", Map.of("path", A)), result -> !text(result).equals(UNAVAILABLE));
            assertThat(text(view)).isEqualTo("Here's the content of " + A + " with line numbers:\n     1\tbefore\n"
                    + "     2\t");
            assertThat(text(call(client, "view", Map.of("path", B))))
                    .startsWith("Error: The path " + B + " does not exist");
            assertThat(text(call(client, "create", Map.of("path", B, "file_text", "after\n"))))
                    .isEqualTo("File created successfully at: " + B);
        } finally {
            // The server is this test's own; a failure that leaves it stopped stops nothing else.
            client.closeGracefully();
        }
    }

    @Test
    void aWrongSecret_isOneLineNamingTheProblemAndNotTheSecret() throws Exception {
        JarMemory bucket = JarMemory.freshBucket().inNamespace(NAMESPACE);
        String wrong = "not-the-secret-" + LocalS3.SECRET_KEY;

        JarRun run = JarRun.of(temp, launcher(bucket).env("AWS_SECRET_ACCESS_KEY", wrong));

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).isEqualTo("memdir: cannot open namespace team of " + bucket.choice().get(1)
                + ": authentication failed (SignatureDoesNotMatch)\n").doesNotContain(wrong);
    }

    @Test
    void anUnknownKey_isOneLineNamingTheProblem() throws Exception {
        JarMemory bucket = JarMemory.freshBucket().inNamespace(NAMESPACE);

        JarRun run = JarRun.of(temp, launcher(bucket).env("AWS_ACCESS_KEY_ID", "nobody-at-all"));

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).isEqualTo("memdir: cannot open namespace team of " + bucket.choice().get(1)
                + ": authentication failed (InvalidAccessKeyId)\n").doesNotContain(LocalS3.SECRET_KEY);
    }

    @Test
    void noCredentialsAnywhere_isOneLineSayingSo() throws Exception {
        JarMemory bucket = JarMemory.freshBucket().inNamespace(NAMESPACE);
        Path home = Files.createDirectories(temp.resolve("empty-home"));

        JarRun run = JarRun.of(temp, JarLauncher.plain(bucket.after()).withoutEnv(name -> name.startsWith("AWS_"))
                .env("HOME", home.toString()));

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).isEqualTo("memdir: cannot open namespace team of " + bucket.choice().get(1)
                + ": no AWS credentials\n");
    }

    @Test
    void commandsThatOnlyRead_openTheBucketWithoutWriting_soTheyWorkWhereNothingCanBeWritten() throws Exception {
        S3Location location = LocalS3.shared().freshBucket("memdir");
        JarMemory bucket = JarMemory.bucket(location, LocalS3.shared()).inNamespace(NAMESPACE);
        McpSyncClient client = LegacySdkClient.start(launcher(bucket));
        try {
            call(client, "create", Map.of("path", A, "file_text", "first\n"));
            call(client, "str_replace", Map.of("path", A, "old_str", "first", "new_str", "second"));
        } finally {
            client.closeGracefully();
        }
        // An object at PREFIX/probe: S3Proxy's filesystem backend then has no directory to put the start-up check's
        // scratch objects (PREFIX/probe/...) in, so that check, which any command that writes makes, fails.
        LocalS3.put(location, "memdir/probe", "in the way".getBytes(StandardCharsets.UTF_8));
        Path copy = temp.resolve("copy");

        JarRun writes = JarRun.of(temp, command(bucket, "restore", A, "--version", "1"));
        JarRun history = JarRun.of(temp, command(bucket, "history", A));
        JarRun prune = JarRun.of(temp, command(bucket, "prune", "--older-than", "1"));
        JarRun copied = JarRun.of(temp, JarLauncher.plain(storeCommand(bucket, "copy", "--from", url(bucket), "--to",
                copy.toString(), "--namespace", NAMESPACE, "--with-history")).env(bucket.env()));
        JarRun check = JarRun.of(temp, JarLauncher.plain(storeCommand(bucket, "check", url(bucket)))
                .env(bucket.env()));

        assertThat(writes.exit()).as("the check of conditional writes could write nothing: " + writes.stderr())
                .isEqualTo(1);
        assertThat(history.stdout()).as(history.stderr())
                .startsWith(A + ": 1 earlier version, newest first\n");
        assertThat(prune.stdout()).as(prune.stderr())
                .isEqualTo("No memory file has gone untouched for more than 1 day.\n");
        assertThat(copied.stdout()).as(copied.stderr()).isEqualTo("Copied 1 file (7 bytes) and 1 version from "
                + url(bucket) + " namespace " + NAMESPACE + " to " + copy.toRealPath() + "\n");
        assertThat(copy.resolve("a.md")).hasContent("second");
        assertThat(check.stdout()).as(check.stderr()).startsWith("S3 " + url(bucket) + "\n").contains("\nteam ");
    }

    @Test
    void aMemoryCopiedAroundADirectoryADatabaseAndABucket_eitherWay_comesBackTheSameWithItsHistory()
            throws Exception {
        Path source = temp.resolve("source");
        McpSyncClient client = LegacySdkClient.start(launcher(JarMemory.directory(source)));
        try {
            call(client, "create", Map.of("path", "/memories/notes/a.md", "file_text", "one\n"));
            call(client, "str_replace", Map.of("path", "/memories/notes/a.md", "old_str", "one", "new_str", "two"));
            call(client, "create", Map.of("path", B, "file_text", "bee\n"));
            call(client, "rename", Map.of("old_path", B, "new_path", "/memories/old/b.md"));
            call(client, "create", Map.of("path", "/memories/gone.md", "file_text", "deleted later\n"));
            call(client, "delete", Map.of("path", "/memories/gone.md"));
        } finally {
            client.closeGracefully();
        }

        for (List<String> kinds : List.of(List.of("postgres", "s3"), List.of("s3", "postgres"))) {
            Path back = temp.resolve("back-" + String.join("-", kinds));
            List<JarMemory> ring = new ArrayList<>(List.of(JarMemory.directory(source)));
            for (String kind : kinds) {
                ring.add(JarMemory.fresh(kind, temp));
            }
            ring.add(JarMemory.directory(back));
            for (int hop = 0; hop + 1 < ring.size(); hop++) {
                JarRun copied = copy(ring.get(hop), ring.get(hop + 1));
                assertThat(copied.stdout()).as(copied.stderr())
                        .startsWith("Copied 2 files (8 bytes) and 3 versions from ");
            }

            assertThat(RootFiles.of(back)).as(String.join(" to ", kinds)).isEqualTo(RootFiles.of(source));
            for (String path : List.of("notes/a.md", "b.md", "old/b.md", "gone.md")) {
                assertThat(history(back, path)).as(path).isEqualTo(history(source, path));
            }
        }
    }

    /** Runs {@code memdir store copy --with-history} from {@code from} to {@code to}, the namespace team. */
    private JarRun copy(JarMemory from, JarMemory to) throws Exception {
        List<String> line = new ArrayList<>(List.of("store", "copy", "--from", from.choice().get(1), "--to",
                to.choice().get(1), "--namespace", NAMESPACE, "--with-history"));
        line.addAll(from.reach());
        line.addAll(to.reach());
        return JarRun.of(temp, JarLauncher.plain(line.toArray(String[]::new)).env(from.env()).env(to.env()));
    }

    /** Returns {@code memdir history PATH} of the directory store at {@code root}. */
    private String history(Path root, String path) throws Exception {
        JarRun run = JarRun.of(temp, JarLauncher.plain("history", path, "--root", root.toString()));
        assertThat(run.exit()).as(run.stderr()).isZero();
        return run.stdout();
    }

    /** Returns the options of {@code memdir store VERB args...} on {@code bucket}'s service. */
    private static String[] storeCommand(JarMemory bucket, String verb, String... args) {
        List<String> line = new ArrayList<>(List.of("store", verb));
        line.addAll(List.of(args));
        line.addAll(bucket.reach());
        return line.toArray(String[]::new);
    }

    /** Returns the bucket's URL, {@code s3://BUCKET/PREFIX}. */
    private static String url(JarMemory bucket) {
        return bucket.choice().get(1);
    }

    /** Returns {@code memdir args...} on {@code memory}, with a home of the test's own. */
    private JarLauncher command(JarMemory memory, String... args) throws Exception {
        return memory.launcher(args).env("HOME", Files.createDirectories(temp.resolve("empty")).toString());
    }

    private JarLauncher launcher(JarMemory memory) throws Exception {
        return command(memory);
    }
}
