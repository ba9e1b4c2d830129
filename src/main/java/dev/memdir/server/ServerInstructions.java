package dev.memdir.server;

import dev.memdir.config.ToolLayout;

/** The memory protocol the Claude API adds to the system prompt with its memory tool, sent as server instructions. */
final class ServerInstructions {

    private static final String PROTOCOL = """
            IMPORTANT: ALWAYS VIEW YOUR MEMORY DIRECTORY BEFORE DOING ANYTHING ELSE.
            MEMORY PROTOCOL:
            1. Use the %s to check for earlier progress.
            2. ... (work on the task) ...
               - As you make progress, record status / progress / thoughts etc in your memory.
            ASSUME INTERRUPTION: Your context window might be reset at any moment, so you risk losing any \
            progress that is not recorded in your memory directory.""";

    private ServerInstructions() {}

    /** Returns the protocol naming the tool as the given layout publishes it. */
    static String protocol(ToolLayout layout) {
        return PROTOCOL.formatted(layout == ToolLayout.SINGLE
                ? "`view` command of your `memory` tool"
                : "`view` tool");
    }
}
