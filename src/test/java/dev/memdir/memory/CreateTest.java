package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.store.StoreLimits;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CreateTest extends OnEveryStore {

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"no trailing newline", "trailing newline\n", "two\n\n", "", "crlf\r\nkept\r\n",
        "ünïcødé 😀\ttab", "$1 \\1 \\n literal"})
    void create_writesTextExactly(String text) throws Exception {
        assertThat(memory.text("create", "path", "/memories/notes.md", "file_text", text))
                .isEqualTo("File created successfully at: /memories/notes.md");

        assertThat(memory.read("notes.md")).isEqualTo(text);
    }

    @Test
    void create_missingParents_created() throws Exception {
        assertThat(memory.text("create", "path", "/memories/a/b/c.md", "file_text", "deep"))
                .isEqualTo("File created successfully at: /memories/a/b/c.md");

        assertThat(memory.read("a/b/c.md")).isEqualTo("deep");
        assertThat(memory.listed("")).containsExactly("a");
        assertThat(memory.listed("a")).containsExactly("b");
    }

    @Test
    void create_existingFile_refusedAndUnchanged() throws Exception {
        memory.write("notes.md", "original");

        assertThat(memory.error("create", "path", "/memories/notes.md", "file_text", "new"))
                .isEqualTo("Error: File /memories/notes.md already exists");
        assertThat(memory.read("notes.md")).isEqualTo("original");
    }

    @Test
    void create_existingDirectory_refused() throws Exception {
        memory.mkdirs("dir");

        assertThat(memory.error("create", "path", "/memories/dir/", "file_text", "x"))
                .isEqualTo("Error: File /memories/dir already exists");
        assertThat(memory.exists("dir")).isTrue();
        assertThat(memory.listed("dir")).isEmpty();
    }

    @Test
    void create_root_refused() {
        assertThat(memory.error("create", "path", "/memories", "file_text", "x"))
                .isEqualTo("Error: File /memories already exists");
    }

    @Test
    void create_belowAFile_refusedWithItsOwnText() throws Exception {
        memory.write("notes.md", "x");

        assertThat(memory.error("create", "path", "/memories/notes.md/child.md", "file_text", "y"))
                .isEqualTo("Error: The path /memories/notes.md is a file, so nothing can be created below it");
    }

    @Test
    void create_overSizeCap_refusedAndNothingWritten() throws Exception {
        try (MemoryFixture capped = MemoryFixture.open(temp.resolve("capped"), kind, StoreLimits.perFile(10))) {
            assertThat(capped.error("create", "path", "/memories/new/deep/f.md", "file_text", "ééééé!"))
                    .isEqualTo("Error: File /memories/new/deep/f.md would be 11 bytes, over the limit of 10 bytes"
                            + " per file. Nothing was written; split the content into several files.");

            assertThat(capped.exists("new")).isFalse();
            assertThat(capped.listed("")).isEmpty();
        }
    }

    @Test
    void create_exactlyAtSizeCap_written() throws Exception {
        try (MemoryFixture capped = MemoryFixture.open(temp.resolve("capped"), kind, StoreLimits.perFile(10))) {
            assertThat(capped.text("create", "path", "/memories/f.md", "file_text", "0123456789"))
                    .isEqualTo("File created successfully at: /memories/f.md");
            assertThat(capped.read("f.md")).isEqualTo("0123456789");
        }
    }

    @Test
    void create_thenView_roundTrips() throws Exception {
        memory.text("create", "path", "/memories/notes.md", "file_text", "a\nb");

        assertThat(memory.view("/memories/notes.md"))
                .isEqualTo("Here's the content of /memories/notes.md with line numbers:\n     1\ta\n     2\tb");
        assertThat(memory.listed("")).isEqualTo(List.of("notes.md"));
    }
}
