package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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

    @ParameterizedTest(name = "{0}")
    @CsvSource({"/memories/nope.md, Error: The path /memories/nope.md does not exist",
        "/memories/no/such/dir/, Error: The path /memories/no/such/dir does not exist"})
    void delete_missing_doesNotExistWithoutSentence(String path, String expected) {
        assertThat(memory.error("delete", "path", path)).isEqualTo(expected);
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
