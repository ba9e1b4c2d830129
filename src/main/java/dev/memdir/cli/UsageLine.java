package dev.memdir.cli;

/**
 * A command whose subcommands are words ({@code store copy}, {@code token list}): a word it does not know, or one
 * too many, is answered with one line that shows its right use.
 */
interface UsageLine {

    /** Returns the line, as {@code memdir: use 'memdir store copy ...' or 'memdir store check [DIR|URL]'}. */
    String usageLine();
}
