package dev.memdir.server;

import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.MemoryTool;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The resources memdir reports changes of, and which of them a change updates: of the memory, the index when
 * MEMORY.md changed, the status always, and the history of each file that changed; of the instructions, the text and
 * its report.
 */
final class ResourceUpdates implements Consumer<MemoryChanges> {

    /** The resources memdir reports changes of; a history URI is reported too. */
    private static final Set<String> REPORTED = Set.of(MemoryResources.INDEX_URI, MemoryResources.STATUS_URI,
            InstructionResources.TEXT_URI, InstructionResources.REPORT_URI);

    private final Consumer<String> updated;

    /** {@code updated} hears the URI of each resource that changed. */
    ResourceUpdates(Consumer<String> updated) {
        this.updated = updated;
    }

    @Override
    public void accept(MemoryChanges changes) {
        if (changes.touches(MemoryTool.INDEX.fileName())) {
            updated.accept(MemoryResources.INDEX_URI);
        }
        updated.accept(MemoryResources.STATUS_URI);
        changes.paths().forEach(path -> updated.accept(HistoryResources.uriOf(path)));
    }

    /** The instructions may differ. */
    void instructionsChanged() {
        updated.accept(InstructionResources.TEXT_URI);
        updated.accept(InstructionResources.REPORT_URI);
    }

    /** Returns whether memdir reports changes of {@code uri}. */
    static boolean reported(String uri) {
        return REPORTED.contains(uri) || HistoryResources.isReported(uri);
    }
}
