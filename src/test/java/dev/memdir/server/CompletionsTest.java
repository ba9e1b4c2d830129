package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.instructions.InstructionLocations;
import dev.memdir.instructions.InstructionsCache;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.StoreLimits;
import io.modelcontextprotocol.server.McpServerFeatures.SyncCompletionSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    private List<SyncCompletionSpecification> specifications;

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
        store = DirectoryStore.open(root, StoreLimits.perFile(1 << 20), "completions-test");
        specifications = new Completions(store, instructions, new ProjectRoots(instructions, true, project))
                .specifications();
    }

    @AfterEach
    void closeStore() throws Exception {
        store.close();
    }

    private static void write(Path file) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "text\n");
    }

    private McpSchema.CompleteResult.CompleteCompletion complete(McpSchema.CompleteReference ref, String argument,
            String typed) {
        SyncCompletionSpecification specification = specifications.stream()
                .filter(candidate -> candidate.referenceKey().equals(ref)).findFirst().orElseThrow();
        return specification.completionHandler()
                .apply(null, new McpSchema.CompleteRequest(ref, new McpSchema.CompleteRequest.CompleteArgument(
                        argument, typed)))
                .completion();
    }

    @Test
    void historyPath_theVisibleMemoryFilesStartingWithWhatWasTyped() {
        McpSchema.ResourceReference history = new McpSchema.ResourceReference("memdir://memory/history/{+path}");

        assertThat(complete(history, "path", "").values())
                .containsExactly("MEMORY.md", "notes/deployment-checklist.md", "notes/release_plan.md");
        assertThat(complete(history, "path", "notes/r").values()).containsExactly("notes/release_plan.md");
        assertThat(complete(history, "path", "node").values()).isEmpty();
        assertThat(complete(history, "path", ".memdir").values()).isEmpty();
    }

    @Test
    void instructionsPath_theProjectsEntriesOneLevelAtATime() {
        McpSchema.ResourceReference instructions = new McpSchema.ResourceReference(
                "memdir://instructions/for/{+path}");

        assertThat(complete(instructions, "path", "s").values()).containsExactly("src/");
        assertThat(complete(instructions, "path", "src/").values()).containsExactly("src/App.java");
    }

    @Test
    void recallQuery_theLastWordFromTheWordsOfMemoryFileNames() {
        McpSchema.PromptReference recall = new McpSchema.PromptReference("recall");

        assertThat(complete(recall, "query", "").values())
                .containsExactly("checklist", "deployment", "memory", "notes", "plan", "release");
        assertThat(complete(recall, "query", "De").values()).containsExactly("deployment");
        assertThat(complete(recall, "query", "next re").values()).containsExactly("next release");
    }
}
