package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarRun;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the real jar starts with {@code --store}, and that it loads nothing of PostgreSQL or S3 without it. */
class StoreStartIT {

    @TempDir
    Path temp;

    @Test
    void passwordInTheUrl_refusedWithOneLineSayingWhereItGoes() throws Exception {
        JarRun run = JarRun.of(temp, "--store", "postgresql://alice:secret@127.0.0.1/team");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("memdir: --store carries a password, which the process list and shell"
                + " history show; leave it out and put it in PGPASSWORD or ~/.pgpass"
                + " (host:port:dbname:user:password, mode 0600)\n");
        assertThat(run.stdout()).isEmpty();
    }

    @Test
    void unreachableDatabase_oneLineAndExit1() throws Exception {
        int port = closedPort();

        JarRun run = JarRun.of(temp, "--store", "postgresql://alice@127.0.0.1:" + port + "/team",
                "--namespace", "team");

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stderr()).startsWith("memdir: cannot open namespace team of postgresql://alice@127.0.0.1:"
                + port + "/team: cannot reach the database: ").contains("refused").hasLineCount(1);
        assertThat(run.stdout()).isEmpty();
    }

    /**
     * A bucket the store cannot open (here: its endpoint refuses connections, with credentials at hand in the
     * environment) is one line naming the memory, exit 1.
     */
    @Test
    void unreachableBucket_oneLineAndExit1() throws Exception {
        int port = closedPort();

        JarRun run = JarRun.of(temp, JarLauncher.plain("--store", "s3://team-memory/alice", "--namespace", "team",
                        "--s3-endpoint", "http://127.0.0.1:" + port, "--store-timeout", "2s")
                .withoutEnv(name -> name.startsWith("AWS_") || name.startsWith("MEMDIR_"))
                .env("AWS_ACCESS_KEY_ID", "memdir-test").env("AWS_SECRET_ACCESS_KEY", "memdir-test-secret"));

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stderr()).startsWith("memdir: cannot open namespace team of s3://team-memory/alice: ")
                .hasLineCount(1).doesNotContain("memdir-test-secret");
        assertThat(run.stdout()).isEmpty();
    }

    @Test
    void directoryStoreOptionsWithAStore_oneLineAndExit2() throws Exception {
        JarRun run = JarRun.of(temp, "--store", "postgresql://127.0.0.1/team", "--claude-code-memory");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("memdir: --store and --claude-code-memory both choose where the memory"
                + " lives; give one of them (Claude Code's memory is a directory on disk, which goes with the"
                + " directory store only)\n");
    }

    @Test
    void indexCommandWithAStore_oneLineAndExit2() throws Exception {
        JarRun run = JarRun.of(temp, "index", "--store", "postgresql://127.0.0.1/team");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("memdir: index reads a directory store only, for now; with --store, read"
                + " the figures in memdir://memory/status\n");
    }

    /**
     * A plain stdio start on a directory loads nothing that only PostgreSQL, S3, OAuth, HTTP serving, encryption,
     * the web page or recall's embedding model needs (recall is hybrid by default: its model loads at the first
     * recall).
     */
    @Test
    void directoryStoreOnStdio_loadsNoClassOfPostgresqlS3OAuthHttpEncryptionTheWebPageOrTheModel() throws Exception {
        Path classes = temp.resolve("classes.log");

        JarRun run = JarRun.of(temp, JarLauncher.plain("--root", temp.resolve("memory").toString())
                .jvmOptions("-Xlog:class+load=info:file=" + classes));

        assertThat(run.exit()).isZero();
        assertThat(Files.readString(classes)).contains("dev.memdir.memory.directory.DirectoryStore ")
                .contains("dev.memdir.server.MemdirServer ")
                .doesNotContain("org.postgresql", "com.zaxxer", "dev.memdir.memory.postgres",
                        "dev.memdir.config.Postgres")
                .doesNotContain("software.amazon", "dev.memdir.memory.s3", "dev.memdir.config.S3")
                .doesNotContain("com.nimbusds", "dev.memdir.auth.oauth.Jwt", "dev.memdir.auth.oauth.OAuthResource")
                .doesNotContain("org.eclipse.jetty", "jakarta.servlet", "dev.memdir.http")
                .doesNotContain("com.google.crypto.tink", "com.google.protobuf", "dev.memdir.memory.seal")
                .doesNotContain("ai.onnxruntime", "dev.langchain4j", "ai.djl", "dev.memdir.recall.model")
                .doesNotContain("dev.memdir.web", "dev.memdir.desk", "com.github.difflib", "org.commonmark.renderer");
    }

    private static int closedPort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
