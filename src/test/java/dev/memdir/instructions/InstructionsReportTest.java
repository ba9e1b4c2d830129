package dev.memdir.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report of a small tree, compared whole: every candidate, in order, with every field. */
class InstructionsReportTest {

    @TempDir Path temp;

    @Test
    void reportListsEveryCandidateWithComputedFields() throws IOException {
        InstructionTree tree = new InstructionTree(temp);
        Path project = tree.inProject("CLAUDE.md", "Intro @notes.md @gone.md\n");
        Path notes = tree.inProject("notes.md", "Notes.\n");
        Path rule = tree.inProject(".claude/rules/sql.md", "---\npaths:\n  - \"db/**\"\n  - \"[bad\"\n---\nSQL.\n");
        Path local = tree.inProject("CLAUDE.local.md", "<!-- only a comment -->\n");
        Path index = tree.write(tree.base.resolve("memory/MEMORY.md"), "- notes\n");

        Instructions instructions = tree.resolve();
        List<InstructionFile> files = new ArrayList<>();
        for (InstructionFile file : instructions.files()) {
            if (file.path().startsWith(tree.base)) {
                files.add(file);
            }
        }
        files.add(MemoryIndexEntry.of(index, tree.project, dev.memdir.index.IndexBudget.DEFAULT));

        String json = new ObjectMapper().writeValueAsString(InstructionsReport.of(tree.project, files));

        assertThat(json).isEqualTo("{\"project\":\"" + tree.project + "\",\"files\":["
                + "{\"path\":\"" + project + "\",\"scope\":\"project\",\"origin\":null,\"outside_project\":false,"
                + "\"raw_bytes\":25,\"loaded_chars\":24,\"contributes\":true},"
                + "{\"path\":\"" + notes + "\",\"scope\":\"import\",\"origin\":{\"importer\":\"" + project
                + "\",\"line\":1},\"outside_project\":false,\"raw_bytes\":7,\"loaded_chars\":6,\"contributes\":true},"
                + "{\"path\":\"" + tree.project.resolve("gone.md") + "\",\"scope\":\"import\",\"origin\":{\"importer\":\""
                + project + "\",\"line\":1},\"outside_project\":false,\"raw_bytes\":0,\"loaded_chars\":0,"
                + "\"contributes\":false,\"reason\":\"missing\"},"
                + "{\"path\":\"" + rule + "\",\"scope\":\"rule\",\"origin\":{\"paths\":[\"db/**\",\"[bad\"],"
                + "\"invalid_paths\":[\"[bad\"]},\"outside_project\":false,\"raw_bytes\":43,\"loaded_chars\":0,"
                + "\"contributes\":false,\"reason\":\"unmatched-paths\"},"
                + "{\"path\":\"" + local + "\",\"scope\":\"local\",\"origin\":null,\"outside_project\":false,"
                + "\"raw_bytes\":24,\"loaded_chars\":0,\"contributes\":false,\"reason\":\"empty\"},"
                + "{\"path\":\"" + index + "\",\"scope\":\"memory-index\",\"origin\":null,\"outside_project\":true,"
                + "\"raw_bytes\":8,\"loaded_chars\":8,\"contributes\":true}]}");
    }
}
