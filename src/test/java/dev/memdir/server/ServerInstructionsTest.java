package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.config.ToolLayout;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerInstructionsTest {

    private static final String NO_INDEX = "MEMORY INDEX: /memories/MEMORY.md does not exist yet. Create it as the"
            + " index of your memory: one short line per topic file, saying what is in it.";

    @Test
    void withTheHooksToolTheModelIsToldHowToWriteAPathScopedMemory_last() {
        assertThat(ServerInstructions.withIndex(ToolLayout.SPLIT, Optional.empty(), true)).isEqualTo(
                ServerInstructions.protocol(ToolLayout.SPLIT) + "\n\n" + NO_INDEX + "\n\nPATH-SCOPED MEMORIES: a memory"
                        + " file whose frontmatter lists `paths:` globs, relative to the project as in .claude/rules"
                        + " files (e.g. `paths: [\"migrations/**\"]`), comes back by itself whenever a matching file is"
                        + " read or edited: write one for what matters in one part of the code.");
    }

    @Test
    void withoutItTheInstructionsAreTheProtocolAndTheIndexAlone() {
        assertThat(ServerInstructions.withIndex(ToolLayout.SPLIT, Optional.empty(), false))
                .isEqualTo(ServerInstructions.protocol(ToolLayout.SPLIT) + "\n\n" + NO_INDEX);
    }
}
