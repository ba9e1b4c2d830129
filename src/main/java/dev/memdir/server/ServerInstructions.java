package dev.memdir.server;

import dev.memdir.config.ToolLayout;
import dev.memdir.index.LoadedIndex;
import java.util.Optional;

/**
 * What the server tells a client at initialize: the memory protocol the Claude API adds to the system
 * prompt with its memory tool, then the memory index as it loads.
 */
final class ServerInstructions {

    private static final String PROTOCOL = """
            IMPORTANT: ALWAYS VIEW YOUR MEMORY DIRECTORY BEFORE DOING ANYTHING ELSE.
            MEMORY PROTOCOL:
            1. Use the %s to check for earlier progress.
            2. ... (work on the task) ...
               - As you make progress, record status / progress / thoughts etc in your memory.
            ASSUME INTERRUPTION: Your context window might be reset at any moment, so you risk losing any \
            progress that is not recorded in your memory directory.""";

    /** Told only where Claude Code's hooks bring such memories back (--context-tool). */
    static final String SCOPED_MEMORIES = "PATH-SCOPED MEMORIES: a memory file whose frontmatter lists `paths:` globs,"
            + " relative to the project as in .claude/rules files (e.g. `paths: [\"migrations/**\"]`), comes back by"
            + " itself whenever a matching file is read or edited: write one for what matters in one part of the code.";

    private ServerInstructions() {}

    /** Returns the protocol naming the tool as the given layout publishes it. */
    static String protocol(ToolLayout layout) {
        return PROTOCOL.formatted(layout == ToolLayout.SINGLE
                ? "`view` command of your `memory` tool"
                : "`view` tool");
    }

    /**
     * Returns the protocol, then the loaded index (or how to start one), then, when memories scoped to paths come
     * back by themselves ({@code scoped}), how to write one.
     */
    static String withIndex(ToolLayout layout, Optional<LoadedIndex> index, boolean scoped) {
        String section = index.filter(loaded -> !loaded.text().isBlank())
                .map(loaded -> "MEMORY INDEX (/memories/MEMORY.md as loaded, " + loaded.measure().figures() + "):\n"
                        + loaded.text())
                .orElse("MEMORY INDEX: /memories/MEMORY.md does not exist yet. Create it as the index of your memory:"
                        + " one short line per topic file, saying what is in it.");
        return protocol(layout) + "\n\n" + section + (scoped ? "\n\n" + SCOPED_MEMORIES : "");
    }
}
