package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarRun;
import dev.memdir.memory.postgres.LocalPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the real jar finds the password of a database user that must give one: {@code PGPASSWORD}, or the password
 * file when only its owner may read it. Each run starts the server on the database and ends at the end of stdin.
 */
class StorePasswordIT {

    private static final String PASSWORD = "s3cret:with\\colon";

    @TempDir
    Path home;

    private String url;

    @BeforeEach
    void database() throws Exception {
        url = LocalPostgres.shared().freshStoreUrlWithPassword(PASSWORD);
    }

    private JarRun serve(JarLauncher launcher) throws Exception {
        return JarRun.of(home, launcher.env("HOME", home.toString())
                .withoutEnv(name -> name.startsWith("PG") || name.startsWith("MEMDIR_")));
    }

    private void passwordFile(String permissions) throws Exception {
        Path file = Files.writeString(home.resolve(".pgpass"),
                "# host:port:dbname:user:password\n*:*:*:someone_else:wrong\n127.0.0.1:*:*:"
                        + LocalPostgres.PASSWORD_USER + ":" + PASSWORD.replace("\\", "\\\\").replace(":", "\\:")
                        + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
    }

    @Test
    void pgpassword_logsIn() throws Exception {
        JarRun run = serve(JarLauncher.plain("--store", url).env("PGPASSWORD", PASSWORD));

        assertThat(run.stderr()).doesNotContain("memdir: cannot open", "password");
        assertThat(run.exit()).isZero();
    }

    @Test
    void passwordFileOnlyItsOwnerReads_logsIn() throws Exception {
        passwordFile("rw-------");

        JarRun run = serve(JarLauncher.plain("--store", url));

        assertThat(run.stderr()).doesNotContain("memdir: cannot open", "password");
        assertThat(run.exit()).isZero();
    }

    @Test
    void passwordFileOthersMayRead_ignoredWithAWarning_theLoginFails() throws Exception {
        passwordFile("rw-r--r--");

        JarRun run = serve(JarLauncher.plain("--store", url, "--namespace", "team"));

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stderr()).contains("password file " + home.resolve(".pgpass")
                        + " is ignored: others may read it; make it u=rw (chmod 0600)\n")
                .contains("\nmemdir: cannot open namespace team of " + url + ": ")
                .hasLineCount(2);
    }
}
