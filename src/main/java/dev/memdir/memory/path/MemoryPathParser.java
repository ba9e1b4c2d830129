package dev.memdir.memory.path;

import static dev.memdir.memory.path.InvalidMemoryPathException.Kind.MALFORMED;
import static dev.memdir.memory.path.InvalidMemoryPathException.Kind.OUTSIDE_PREFIX;
import static dev.memdir.memory.path.InvalidMemoryPathException.Kind.TRAVERSAL;

import dev.memdir.text.Utf16;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Turns the string a model sends into a {@link MemoryPath}, rejecting every spelling that could leave the root. */
public final class MemoryPathParser {

    static final int MAX_PATH_BYTES = 1024;
    static final int MAX_SEGMENT_BYTES = 255;

    private static final Pattern ENCODED_DOT_OR_SEPARATOR = Pattern.compile("%(2e|2f|5c)", Pattern.CASE_INSENSITIVE);

    private MemoryPathParser() {}

    /** Returns the parsed path, or throws with the reason it was rejected. */
    public static MemoryPath parse(String input) throws InvalidMemoryPathException {
        if (!input.equals(MemoryPath.ROOT) && !input.startsWith(MemoryPath.ROOT + "/")) {
            throw new InvalidMemoryPathException(input, OUTSIDE_PREFIX, "outside /memories");
        }
        String display = input.endsWith("/") ? input.substring(0, input.length() - 1) : input;
        String rest = display.substring(MemoryPath.ROOT.length());
        List<String> segments = new ArrayList<>();
        if (!rest.isEmpty()) {
            for (String segment : rest.substring(1).split("/", -1)) {
                segments.add(segment);
            }
        }
        // Traversal is judged first so that "../" dressed up with other defects still reads as an escape.
        if (segments.contains("..") || ENCODED_DOT_OR_SEPARATOR.matcher(input).find()) {
            throw new InvalidMemoryPathException(input, TRAVERSAL, "traversal");
        }
        checkWellFormed(input, segments);
        return new MemoryPath(display, segments);
    }

    private static void checkWellFormed(String input, List<String> segments) throws InvalidMemoryPathException {
        if (utf8Length(input) > MAX_PATH_BYTES) {
            throw malformed(input, "longer than " + MAX_PATH_BYTES + " bytes");
        }
        for (int i = 0; i < input.length(); i++) {
            char c = input.charAt(i);
            if (Character.isISOControl(c)) {
                throw malformed(input, String.format(Locale.ROOT, "control character U+%04X at index %d", (int) c, i));
            }
            if (c == '\\') {
                throw malformed(input, "backslash at index " + i);
            }
            if (c == ':') {
                throw malformed(input, "colon at index " + i);
            }
        }
        int surrogate = Utf16.unpairedSurrogate(input, 0);
        if (surrogate >= 0) {
            throw malformed(input, "unpaired surrogate at index " + surrogate);
        }
        for (String segment : segments) {
            if (segment.isEmpty()) {
                throw malformed(input, "empty segment");
            }
            if (segment.equals(".")) {
                throw malformed(input, "'.' segment");
            }
            if (utf8Length(segment) > MAX_SEGMENT_BYTES) {
                throw malformed(input, "segment longer than " + MAX_SEGMENT_BYTES + " bytes");
            }
            if (MemoryNames.reserved(segment)) {
                throw malformed(input, "names starting with " + MemoryNames.RESERVED_PREFIX + " are reserved");
            }
        }
    }

    private static int utf8Length(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    private static InvalidMemoryPathException malformed(String input, String reason) {
        return new InvalidMemoryPathException(input, MALFORMED, reason);
    }
}
