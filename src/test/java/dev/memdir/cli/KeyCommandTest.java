package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code memdir key create|rotate} in process: the key file's rules, and the refusals before any store is opened. */
class KeyCommandTest {

    @TempDir Path temp;

    @Test
    void create_writesAnOwnerOnlyKeyFile_andSaysToKeepACopy() throws Exception {
        InProcessRun created = InProcessRun.in(temp, "key", "create", "memdir.key");

        assertThat(created.exit()).as(created.err()).isZero();
        Path file = temp.resolve("memdir.key");
        assertThat(created.out()).isEqualTo("Wrote a new key to " + file + ", readable by you alone. Keep a copy apart"
                + " from the memory: without it an encrypted memory cannot be read.\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(Files.readString(file)).contains("\"primaryKeyId\"");
    }

    @Test
    void create_neverReplacesAFile() throws Exception {
        Path file = Files.writeString(temp.resolve("memdir.key"), "the only copy");

        InProcessRun again = InProcessRun.in(temp, "key", "create", "memdir.key");

        assertThat(again.exit()).isEqualTo(ExitCode.FAILED.code());
        assertThat(again.err()).isEqualTo("memdir: " + file + " exists; it is not replaced (a key file lost is a memory"
                + " lost)\n");
        assertThat(Files.readString(file)).isEqualTo("the only copy");
    }

    @Test
    void create_withoutAFile_isAUsageError() {
        InProcessRun.in(temp, "key", "create").assertRefused("key create needs FILE, where to write the new key",
                "memdir: use 'memdir key create FILE' or 'memdir key rotate --key-file FILE [--reencrypt]"
                        + " [--every-namespace]'");
    }

    @Test
    void rotate_withoutAKeyFile_isAUsageError_andChangesNothing() {
        InProcessRun rotated = InProcessRun.in(temp, "key", "rotate", "--root", temp.resolve("memory").toString());

        assertThat(rotated.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(rotated.err()).isEqualTo("memdir: key rotate needs --key-file FILE (or MEMDIR_KEY_FILE), the key"
                + " file to rotate\n");
    }

    @Test
    void aKeyFileOthersMayRead_isRefusedBeforeAnythingOpens() throws Exception {
        assertThat(InProcessRun.in(temp, "key", "create", "memdir.key").exit()).isZero();
        Path file = temp.resolve("memdir.key");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        String before = Files.readString(file);

        InProcessRun rotated = InProcessRun.in(temp, "key", "rotate", "--key-file", file.toString(), "--root",
                temp.resolve("memory").toString());

        assertThat(rotated.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(rotated.err()).isEqualTo("memdir: --key-file " + file + ": others may read it; make it readable by"
                + " its owner alone (chmod 0600)\n");
        assertThat(Files.readString(file)).isEqualTo(before);
        assertThat(temp.resolve("memory")).doesNotExist();
    }
}
