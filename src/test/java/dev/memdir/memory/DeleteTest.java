package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeleteTest extends OnEveryStore {

    @Test
    void delete_file_removed() throws Exception {
        memory.write("f.md", "x");
        memory.write("other.md", "y");

        assertThat(memory.text("delete", "path", "/memories/f.md")).isEqualTo("Successfully deleted /memories/f.md");
        assertThat(memory.listed("")).containsExactly("other.md");
    }

    @Test
    void delete_directory_removedRecursively() throws Exception {
        memory.write("a/b/c/deep.md", "x");
        memory.write("a/.hidden", "h");
        memory.write("a/d.md", "y");

        assertThat(memory.text("delete", "path", "/memories/a/")).isEqualTo("Successfully deleted /memories/a");
        assertThat(memory.exists("a")).isFalse();
        assertThat(memory.listed("")).isEmpty();
    }

    @Test
    void delete_missing_doesNotExistWithoutSentence() {
        assertThat(memory.error("delete", "path", "/memories/nope.md"))
                .isEqualTo("Error: The path /memories/nope.md does not exist");
        assertThat(memory.error("delete", "path", "/memories/no/such/dir/"))
                .isEqualTo("Error: The path /memories/no/such/dir does not exist");
    }

    @Test
    void delete_belowAFile_doesNotExist() throws Exception {
        memory.write("f.md", "x");

        assertThat(memory.error("delete", "path", "/memories/f.md/child"))
                .isEqualTo("Error: The path /memories/f.md/child does not exist");
        assertThat(memory.read("f.md")).isEqualTo("x");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"/memories", "/memories/"})
    void delete_root_refusedInEverySpelling(String root) throws Exception {
        memory.write("keep.md", "x");

        assertThat(memory.error("delete", "path", root))
                .isEqualTo("Error: Cannot delete the /memories directory itself");
        assertThat(memory.read("keep.md")).isEqualTo("x");
    }
}
