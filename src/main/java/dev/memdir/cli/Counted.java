package dev.memdir.cli;

/** A count and its noun as a command prints them: {@code 1 version}, {@code 2 versions}, {@code 0 files}. */
final class Counted {

    private Counted() {}

    static String of(long count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }
}
