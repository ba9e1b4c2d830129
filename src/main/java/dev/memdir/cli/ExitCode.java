package dev.memdir.cli;

/**
 * How a run of memdir ends, as its exit code. Picocli's own answers keep to it too: a command line it cannot parse is
 * {@link #USAGE}, a command that throws is {@link #FAILED}. The one other code is that of {@code claude mcp add},
 * which {@code memdir config claude-code --install} passes on.
 */
enum ExitCode {
    /** Done as asked; a server stopped by a signal or the end of its input. */
    OK(0),
    /** What was asked could not be done: the memory could not be opened, the store refused a change, ... */
    FAILED(1),
    /** {@code memdir index}: MEMORY.md is over its budget. */
    OVER_BUDGET(1),
    /** The command line or a setting is wrong, or names what is not there; nothing was done. */
    USAGE(2);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    int code() {
        return code;
    }
}
