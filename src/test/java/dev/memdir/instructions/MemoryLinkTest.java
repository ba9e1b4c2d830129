package dev.memdir.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.StoreLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A link in a principal's memory on the directory store (the one store that has links) is never followed. */
class MemoryLinkTest {

    @TempDir
    Path temp;

    @Test
    void aLinkedClaudeMdPointingOutOfTheMemoryIsNotRead() throws Exception {
        Files.writeString(temp.resolve("host.md"), "HOST FILE\n");
        try (DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(temp.resolve("memory"),
                StoreLimits.perFile(1024), "test"))) {
            Files.createSymbolicLink(store.root().resolve("CLAUDE.md"), temp.resolve("host.md"));
            Files.createSymbolicLink(store.root().resolve("AGENTS.md"), temp.resolve("host.md"));
            InstructionLocations locations = new InstructionLocations(MemoryInstructionFiles.ROOT, temp, temp, temp,
                    true, false);

            Instructions instructions = new InstructionResolver(locations, new MemoryInstructionFiles(store))
                    .resolve();

            assertThat(instructions.text()).isEmpty();
            assertThat(instructions.files()).noneMatch(InstructionFile::contributes);
        }
    }
}
