package dev.memdir.bench;

/** What the bench is doing now, on stderr, so that a run of minutes shows it is alive; stdout keeps the table. */
final class Progress {

    private Progress() {}

    static void say(String what) {
        System.err.println("bench: " + what);
    }
}
