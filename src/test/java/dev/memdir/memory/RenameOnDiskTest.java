package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a rename leaves on disk: new directories for the owner alone, and the file's mode as it was. */
class RenameOnDiskTest extends OnDisk {

    @Test
    void rename_missingDestinationParents_ownerOnly() throws Exception {
        memory.write("a.md", "content");

        memory.text("rename", "old_path", "/memories/a.md", "new_path", "/memories/x/y/b.md");

        assertThat(memory.mode("x")).isEqualTo("rwx------");
        assertThat(memory.mode("x/y")).isEqualTo("rwx------");
    }

    @Test
    void rename_keepsFileMode() throws Exception {
        memory.write("a.md", "content");
        String mode = memory.mode("a.md");

        memory.text("rename", "old_path", "/memories/a.md", "new_path", "/memories/b.md");

        assertThat(memory.mode("b.md")).isEqualTo(mode);
    }
}
