package dev.memdir.instructions;

import dev.memdir.index.IndexBudget;
import dev.memdir.index.LoadedIndex;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/** The memory index as the instructions report lists it: it loads beside the instructions, budget applied. */
public final class MemoryIndexEntry {

    private MemoryIndexEntry() {}

    /** Returns the entry of the index file on the host. */
    public static InstructionFile of(Path indexFile, Path project, IndexBudget budget) throws IOException {
        return of(InstructionSource.host(), indexFile, project, budget);
    }

    /** Returns the entry of the index file as {@code source} has it. */
    public static InstructionFile of(InstructionSource source, Path indexFile, Path project, IndexBudget budget)
            throws IOException {
        boolean outside = !indexFile.startsWith(project);
        if (source.attributes(indexFile, LinkOption.NOFOLLOW_LINKS)
                .filter(found -> found.kind() == InstructionSource.Kind.FILE).isEmpty()) {
            return new InstructionFile(indexFile, Scope.MEMORY_INDEX, "memory index", new Origin.None(), outside, 0,
                    "", Optional.of(SkipReason.MISSING));
        }
        byte[] bytes = source.bytes(indexFile);
        String loaded = LoadedIndex.load(new String(bytes, StandardCharsets.UTF_8), budget).text();
        Optional<SkipReason> skipped = loaded.isBlank() ? Optional.of(SkipReason.EMPTY) : Optional.empty();
        return new InstructionFile(indexFile, Scope.MEMORY_INDEX, "memory index", new Origin.None(), outside,
                bytes.length, skipped.isPresent() ? "" : loaded, skipped);
    }
}
