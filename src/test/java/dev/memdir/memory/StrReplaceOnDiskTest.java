package dev.memdir.memory;

import static dev.memdir.memory.StrReplaceTest.SEVEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;

/** What an edit leaves on disk: the file's mode as it was, and no temp file. */
class StrReplaceOnDiskTest extends OnDisk {

    @Test
    void strReplace_keepsFileModeAndLeavesNoTempFile() throws Exception {
        memory.write("f.md", SEVEN);
        Files.setPosixFilePermissions(memory.disk("f.md"), PosixFilePermissions.fromString("rw-r-----"));

        memory.text("str_replace", "path", "/memories/f.md", "old_str", "four", "new_str", "4");

        assertThat(memory.mode("f.md")).isEqualTo("rw-r-----");
        assertThat(memory.names("")).containsExactly(".memdir-history", ".memdir-usage", ".memdir.lock", "f.md");
    }
}
