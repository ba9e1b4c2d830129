package dev.memdir.memory.directory;

import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.FileVersion;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One kept version: the file {@code file} in the directory of versions {@code directory}, named by its number, time,
 * session and operation (memdirs before operations were recorded left the operation out); a redacted version's file
 * ends in {@code .redacted} and holds its {@link RedactedFigures} instead of its content.
 */
record VersionFile(String directory, String file, int number, long millis, String session,
        FileVersion.Operation operation, long size, boolean redacted) {

    private static final Pattern NAME =
            Pattern.compile("(\\d{8})-(\\d+)-([A-Za-z0-9_-]*)(?:\\.([a-z]+))?(\\" + RedactedFigures.SUFFIX + ")?");

    /** Returns the name of the file of version {@code number}, kept at {@code millis} by {@code session}. */
    static String name(int number, long millis, String session, FileVersion.Operation operation) {
        return String.format("%08d-%d-%s.%s", number, millis, session, operation.label());
    }

    /** Returns the name of the version's file as it was kept, before any redaction. */
    String unredactedName() {
        return redacted ? file.substring(0, file.length() - RedactedFigures.SUFFIX.length()) : file;
    }

    /**
     * Returns the versions in {@code versions}, the directory of versions named {@code directory}, oldest first;
     * each content's size is its plain one (a redaction's figures are kept plain).
     */
    static List<VersionFile> in(OpenedDirectory versions, String directory, ContentSeal seal) throws IOException {
        List<VersionFile> found = new ArrayList<>();
        for (DirectoryEntry entry : DirectoryEntry.of(versions)) {
            Matcher name = NAME.matcher(entry.name());
            if (name.matches() && entry.attributes().isRegularFile()) {
                boolean redacted = name.group(5) != null;
                found.add(new VersionFile(directory, entry.name(), Integer.parseInt(name.group(1)),
                        Long.parseLong(name.group(2)), name.group(3), name.group(4) == null
                                ? FileVersion.Operation.UNRECORDED : FileVersion.Operation.of(name.group(4)),
                        redacted ? entry.attributes().size() : PlainSize.of(entry.attributes(), seal),
                        redacted));
            }
        }
        found.sort(Comparator.comparingInt(VersionFile::number));
        return found;
    }
}
