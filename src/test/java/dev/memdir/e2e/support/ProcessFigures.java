package dev.memdir.e2e.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Linux says of a running process ({@code /proc/PID/status}) and what a {@code -Xlog:gc:file=...} log says of
 * its heap: the figures the attack tests print before and after a fix.
 */
public final class ProcessFigures {

    private static final Pattern HEAP_BEFORE_GC = Pattern.compile(" (\\d+)M->\\d+M\\(\\d+M\\)");

    private ProcessFigures() {}

    /** Returns a numeric field of {@code /proc/PID/status} ({@code VmRSS}, {@code VmHWM} in KiB, {@code Threads}). */
    public static long status(Process process, String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
            if (line.startsWith(field + ":")) {
                return Long.parseLong(line.substring(field.length() + 1).trim().split("\\s+")[0]);
            }
        }
        throw new IllegalStateException("no " + field + " in /proc/" + process.pid() + "/status");
    }

    /** Returns the most heap, in MiB, that any collection in {@code gcLog} found in use when it began. */
    public static long mostHeapAtGc(Path gcLog) throws IOException {
        long most = 0;
        Matcher heap = HEAP_BEFORE_GC.matcher(Files.readString(gcLog));
        while (heap.find()) {
            most = Math.max(most, Long.parseLong(heap.group(1)));
        }
        return most;
    }

    /** Returns the number of collections in {@code gcLog}. */
    public static long collections(Path gcLog) throws IOException {
        return HEAP_BEFORE_GC.matcher(Files.readString(gcLog)).results().count();
    }
}
