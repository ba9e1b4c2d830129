package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.store.CommandException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RenameTest extends OnEveryStore {

    private String rename(String oldPath, String newPath) throws CommandException {
        return memory.text("rename", "old_path", oldPath, "new_path", newPath);
    }

    private String renameError(String oldPath, String newPath) {
        return memory.error("rename", "old_path", oldPath, "new_path", newPath);
    }

    @Test
    void rename_file_moved() throws Exception {
        memory.write("a.md", "content");

        assertThat(rename("/memories/a.md", "/memories/b.md"))
                .isEqualTo("Successfully renamed /memories/a.md to /memories/b.md");
        assertThat(memory.listed("")).containsExactly("b.md");
        assertThat(memory.read("b.md")).isEqualTo("content");
    }

    @Test
    void rename_directoryWithTrailingSlashes_movedAndEchoedWithout() throws Exception {
        memory.write("d/x.md", "x");

        assertThat(rename("/memories/d/", "/memories/e/")).isEqualTo("Successfully renamed /memories/d to /memories/e");
        assertThat(memory.exists("d")).isFalse();
        assertThat(memory.read("e/x.md")).isEqualTo("x");
    }

    @Test
    void rename_missingDestinationParents_created() throws Exception {
        memory.write("a.md", "content");

        assertThat(rename("/memories/a.md", "/memories/x/y/b.md"))
                .isEqualTo("Successfully renamed /memories/a.md to /memories/x/y/b.md");
        assertThat(memory.read("x/y/b.md")).isEqualTo("content");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"/memories", "/memories/"})
    void rename_root_refusedInEverySpelling(String root) throws Exception {
        assertThat(renameError(root, "/memories/elsewhere"))
                .isEqualTo("Error: Cannot rename the /memories directory itself");
        assertThat(memory.exists("elsewhere")).isFalse();
    }

    @Test
    void rename_rootOntoExistingDestination_rootCheckedFirst() throws Exception {
        memory.write("b.md", "x");

        assertThat(renameError("/memories", "/memories/b.md"))
                .isEqualTo("Error: Cannot rename the /memories directory itself");
    }

    @Test
    void rename_existingDestination_refusedAndBothKept() throws Exception {
        memory.write("a.md", "a");
        memory.write("b.md", "b");

        assertThat(renameError("/memories/a.md", "/memories/b.md"))
                .isEqualTo("Error: The destination /memories/b.md already exists");
        assertThat(memory.read("a.md")).isEqualTo("a");
        assertThat(memory.read("b.md")).isEqualTo("b");
    }

    @Test
    void rename_existingDestinationDirectory_refused() throws Exception {
        memory.write("a.md", "a");
        memory.mkdirs("d");

        assertThat(renameError("/memories/a.md", "/memories/d/")).isEqualTo("Error: The destination /memories/d already exists");
        assertThat(memory.listed("d")).isEmpty();
    }

    @ParameterizedTest(name = "{1} -> {2}")
    @CsvSource({
        "a.md, /memories/a.md, /memories/, /memories",
        "a.md, /memories/a.md, /memories/a.md, /memories/a.md",
        "b.md, /memories/nope.md, /memories/b.md, /memories/b.md",
    })
    void rename_ontoAnExistingPath_destinationExists_evenWhenTheSourceIsMissing(String existing, String oldPath,
            String newPath, String destination) throws Exception {
        memory.write(existing, "x");

        assertThat(renameError(oldPath, newPath))
                .isEqualTo("Error: The destination " + destination + " already exists");
    }

    @Test
    void rename_missingSource_refusedAndNoParentsCreated() throws Exception {
        assertThat(renameError("/memories/nope.md", "/memories/p/q/r.md"))
                .isEqualTo("Error: The path /memories/nope.md does not exist");
        assertThat(memory.exists("p")).isFalse();
        assertThat(memory.listed("")).isEmpty();
    }

    @Test
    void rename_directoryIntoItself_refusedAndNoParentsCreated() throws Exception {
        memory.write("d/x.md", "x");

        assertThat(renameError("/memories/d", "/memories/d/sub"))
                .isEqualTo("Error: Cannot rename /memories/d to /memories/d/sub: a directory cannot move inside itself");
        assertThat(renameError("/memories/d/", "/memories/d/p/q"))
                .isEqualTo("Error: Cannot rename /memories/d to /memories/d/p/q: a directory cannot move inside itself");
        assertThat(memory.listed("d")).containsExactly("x.md");
    }

    @Test
    void rename_toSiblingSharingPrefix_allowed() throws Exception {
        memory.write("d/x.md", "x");

        assertThat(rename("/memories/d", "/memories/d2")).isEqualTo("Successfully renamed /memories/d to /memories/d2");
        assertThat(memory.read("d2/x.md")).isEqualTo("x");
    }
}
