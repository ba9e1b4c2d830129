package dev.memdir.cli;

import java.io.PrintStream;

/**
 * A command whose subcommands are words ({@code store copy}, {@code token list}): a word it does not know, or one
 * too many, is answered with one line that shows its right use.
 */
interface UsageLine {

    /** Returns the line, as {@code memdir: use 'memdir store copy ...' or 'memdir store check [DIR|URL]'}. */
    String usageLine();

    /** Returns the fault of {@code option} given to a subcommand when {@code command}, as store copy, takes it. */
    default String takenElsewhere(String option, String command) {
        return option + " goes with '" + command + "' only";
    }

    /** Prints the line of {@code command} to {@code err} and returns the exit code of a usage error. */
    static int refuse(UsageLine command, PrintStream err) {
        err.println(command.usageLine());
        return ExitCode.USAGE.code();
    }
}
