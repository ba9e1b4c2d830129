package dev.memdir.cli;

import java.io.PrintStream;

/**
 * A command whose subcommands are words ({@code store copy}, {@code token list}): a word it does not know, or one
 * too many, is answered with one line that shows its right use.
 */
interface UsageLine {

    /** Returns the line, as {@code memdir: use 'memdir store copy ...' or 'memdir store check [DIR|URL]'}. */
    String usageLine();

    /** Prints the line of {@code command} to {@code err} and returns the exit code of a usage error. */
    static int refuse(UsageLine command, PrintStream err) {
        err.println(command.usageLine());
        return ExitCode.USAGE.code();
    }
}
