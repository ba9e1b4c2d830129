package dev.memdir.memory.render;

import static dev.memdir.memory.render.Messages.ERROR;

import java.util.Optional;

/** The texts of the history's commands: restoring a kept version and redacting one. */
public final class HistoryMessages {

    private HistoryMessages() {}

    public static String noSuchVersion(String path, Optional<Integer> number) {
        return ERROR + (number.isPresent() ? "The history of " + path + " holds no version " + number.get()
                : "The history of " + path + " holds no version");
    }

    public static String redactedVersion(String path, int version, String actor, String time) {
        return ERROR + "Version " + version + " of " + path + " was redacted by " + actor + " at " + time
                + "; its content is gone, so it cannot be restored";
    }

    public static String alreadyRedacted(String path, int version, String actor, String time) {
        return ERROR + "Version " + version + " of " + path + " is already redacted (by " + actor + " at " + time
                + ")";
    }

    public static String redacted(String path, int version) {
        return "Redacted version " + version + " of " + path + ": its content and SHA-256 are removed from the"
                + " history; its number, time and size stay, with who redacted it and when";
    }

    public static String notAFileToRestore(String path) {
        return ERROR + path + " is not a regular file (a directory or a link); only a file can be restored over";
    }

    public static String restored(String path, int version, String time) {
        return "Restored " + path + " to version " + version + " (kept " + time + "); what it held before is now the"
                + " newest version in its history";
    }

    public static String movedBack(String path, String archived) {
        return "Moved " + archived + " back to " + path + ", where it was before it was archived";
    }

    public static String noEarlierVersions(String path) {
        return "No earlier versions of " + path + " are kept.";
    }

    public static String renamedFrom(String path, String old) {
        return path + " was renamed from " + old + ", whose history is kept under that path: 'memdir history "
                + old + "' lists it";
    }
}
