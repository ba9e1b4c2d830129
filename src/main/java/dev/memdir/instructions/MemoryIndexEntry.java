package dev.memdir.instructions;

import dev.memdir.index.IndexBudget;
import dev.memdir.index.LoadedIndex;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/** The memory index as the instructions report lists it: it loads beside the instructions, budget applied. */
public final class MemoryIndexEntry {

    private MemoryIndexEntry() {}

    public static InstructionFile of(Path indexFile, Path project, IndexBudget budget) throws IOException {
        boolean outside = !indexFile.startsWith(project);
        if (!Files.isRegularFile(indexFile, LinkOption.NOFOLLOW_LINKS)) {
            return new InstructionFile(indexFile, Scope.MEMORY_INDEX, "memory index", new Origin.None(), outside, 0,
                    "", Optional.of(SkipReason.MISSING));
        }
        byte[] bytes = Files.readAllBytes(indexFile);
        String loaded = LoadedIndex.load(new String(bytes, StandardCharsets.UTF_8), budget).text();
        Optional<SkipReason> skipped = loaded.isBlank() ? Optional.of(SkipReason.EMPTY) : Optional.empty();
        return new InstructionFile(indexFile, Scope.MEMORY_INDEX, "memory index", new Origin.None(), outside,
                bytes.length, skipped.isPresent() ? "" : loaded, skipped);
    }
}
