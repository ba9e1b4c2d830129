package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.store.CommandException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What a create leaves on disk: directories and the file for the owner alone, and no temp file. */
class CreateOnDiskTest extends OnDisk {

    @BeforeEach
    void createNotes() throws CommandException {
        memory.text("create", "path", "/memories/notes.md", "file_text", "x");
    }

    @Test
    void create_newFile_ownerReadWriteOnly() throws Exception {
        assertThat(memory.mode("notes.md")).isEqualTo("rw-------");
    }

    @Test
    void create_leavesNoTempFileBehind() throws Exception {
        assertThat(memory.names("")).containsExactly(".memdir-usage", ".memdir.lock", "notes.md");
    }

    @Test
    void create_missingParents_ownerOnly() throws Exception {
        memory.text("create", "path", "/memories/a/b/c.md", "file_text", "deep");

        assertThat(memory.mode("a")).isEqualTo("rwx------");
        assertThat(memory.mode("a/b")).isEqualTo("rwx------");
    }
}
