package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.store.MemoryChanges;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which resources memdir reports changes of, and which URIs a change updates. */
class ResourceUpdatesTest {

    private final List<String> updated = new ArrayList<>();
    private final ResourceUpdates updates = new ResourceUpdates(updated::add);

    @Test
    void theReportedResources_theIndexStatusInstructionsAndHistoryAsChangeReportsNameIt() {
        assertThat(List.of("memdir://memory/index", "memdir://memory/status", "memdir://instructions",
                "memdir://instructions/report", "memdir://memory/history/a.md", "memdir://memory/history/notes/b.md"))
                .allMatch(ResourceUpdates::reported);
        assertThat(List.of("file:///etc/passwd", "memdir://memory/history/../a.md", "memdir://memory/recall?q=x",
                "memdir://instructions/for/src/a.md", "memdir://memory/history/"))
                .noneMatch(ResourceUpdates::reported);
    }

    @Test
    void aChangeOfTheIndex_updatesTheIndexTheStatusAndItsHistory() {
        updates.accept(MemoryChanges.of(Set.of("MEMORY.md")));

        assertThat(updated).containsExactly("memdir://memory/index", "memdir://memory/status",
                "memdir://memory/history/MEMORY.md");
    }

    @Test
    void aChangeOfAnotherFile_updatesTheStatusAndItsHistory() {
        updates.accept(MemoryChanges.of(Set.of("notes/a.md")));

        assertThat(updated).containsExactly("memdir://memory/status", "memdir://memory/history/notes/a.md");
    }

    @Test
    void changedInstructions_updateTheTextAndItsReport() {
        updates.instructionsChanged();

        assertThat(updated).containsExactly("memdir://instructions", "memdir://instructions/report");
    }
}
