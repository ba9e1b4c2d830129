package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.instructions.InstructionLocations;
import dev.memdir.instructions.InstructionsCache;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.server.feature.Client;
import dev.memdir.server.feature.Completer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompletionsTest {

    @TempDir
    Path temp;

    private Path root;
    private DirectoryStore store;
    private Path project;
    private Completions completions;

    @BeforeEach
    void memoryAndProject() throws Exception {
        root = Files.createDirectories(temp.resolve("memory"));
        write(root.resolve("MEMORY.md"));
        write(root.resolve("notes/deployment-checklist.md"));
        write(root.resolve("notes/release_plan.md"));
        write(root.resolve("node_modules/pkg/index.md"));
        write(root.resolve(".memdir-history/notes/x"));
        write(root.resolve("notes/.draft.md"));
        project = Files.createDirectories(temp.resolve("project"));
        write(project.resolve("src/App.java"));
        InstructionsCache instructions = new InstructionsCache(new InstructionLocations(project, temp.resolve("home"),
                temp.resolve("home/.claude"), temp.resolve("managed"), true, false));
        store = DirectoryStore.open(DirectoryOptions.of(root, StoreLimits.perFile(1 << 20), "completions-test"));
        completions = new Completions(store, instructions, new ProjectRoots(instructions, true));
    }

    @AfterEach
    void closeStore() throws Exception {
        store.close();
    }

    private static void write(Path file) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "text\n");
    }

    private static Completer.Values complete(Completer completer, String typed) {
        return completer.complete(Client.WITHOUT_ROOTS, typed);
    }

    @Test
    void historyPath_theVisibleMemoryFilesStartingWithWhatWasTyped() {
        Completer history = completions.historyPath();

        assertThat(complete(history, "").values())
                .containsExactly("MEMORY.md", "notes/deployment-checklist.md", "notes/release_plan.md");
        assertThat(complete(history, "notes/r").values()).containsExactly("notes/release_plan.md");
        assertThat(complete(history, "node").values()).isEmpty();
        assertThat(complete(history, ".memdir").values()).isEmpty();
    }

    @Test
    void instructionsPath_theProjectsEntriesOneLevelAtATime() {
        Completer instructions = completions.projectPath();

        assertThat(complete(instructions, "s").values()).containsExactly("src/");
        assertThat(complete(instructions, "src/").values()).containsExactly("src/App.java");
    }

    @Test
    void recallQuery_theLastWordFromTheWordsOfMemoryFileNames() {
        Completer recall = completions.recallQuery();

        assertThat(complete(recall, "").values())
                .containsExactly("checklist", "deployment", "memory", "notes", "plan", "release");
        assertThat(complete(recall, "De").values()).containsExactly("deployment");
        assertThat(complete(recall, "next re").values()).containsExactly("next release");
    }
}
