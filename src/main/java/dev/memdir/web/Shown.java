package dev.memdir.web;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.FileVersion;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * How the templates show a value: as plain text, which the templates escape (see {@code src/main/jte}), or as one
 * query parameter's value.
 */
final class Shown {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private Shown() {}

    /**
     * Returns a name or a path with each bidirectional control character shown as its code ({@code [U+202E]}): an
     * override inside a name reorders what it shows ({@code x\u202Egpj.exe} reads as {@code xexe.jpg}), and
     * {@code <bdi>} only keeps it from reordering the text around the name.
     */
    static String name(String name) {
        StringBuilder shown = new StringBuilder(name.length() + 16);
        name.codePoints().forEach(c -> {
            if (bidiControl(c)) {
                shown.append(String.format(Locale.ROOT, "[U+%04X]", c));
            } else {
                shown.appendCodePoint(c);
            }
        });
        return shown.toString();
    }

    private static boolean bidiControl(int c) {
        return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E)
                || (c >= 0x2066 && c <= 0x2069);
    }

    /** Encodes {@code value} as one query parameter's value. */
    static String query(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    static String time(Instant time) {
        return TIME.format(time);
    }

    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
    }

    /** What a version's change did, in the history's words. */
    static String operation(FileVersion version) {
        return switch (version.operation()) {
            case WRITE -> "edited";
            case DELETE -> "deleted";
            case RENAME -> "renamed";
            case RESTORE -> "restored over";
            case UNRECORDED -> "changed";
        };
    }

    /** Returns the directory that holds {@code path} (the root for the root). */
    static MemoryPath parent(MemoryPath path) {
        List<String> segments = path.segments();
        return MemoryPath.of(segments.subList(0, Math.max(0, segments.size() - 1)));
    }

    /** Returns the directory of {@code path}'s first {@code count} segments. */
    static MemoryPath upTo(MemoryPath path, int count) {
        return MemoryPath.of(path.segments().subList(0, count));
    }
}
