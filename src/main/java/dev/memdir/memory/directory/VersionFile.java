package dev.memdir.memory.directory;

import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.FileVersion;
import java.io.IOException;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
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
            of(directory, entry.name(), entry.attributes(), seal).ifPresent(found::add);
        }
        found.sort(Comparator.comparingInt(VersionFile::number));
        return found;
    }

    /**
     * Returns version {@code number} in {@code versions}, the directory of versions named {@code directory}: its
     * name found by its number, so only its own file is looked at (a page of a history of 1,000 versions reads 50
     * of them, not 50 times 1,000).
     */
    static Optional<VersionFile> numbered(OpenedDirectory versions, String directory, ContentSeal seal, int number)
            throws IOException {
        String prefix = String.format("%08d-", number);
        for (String name : versions.names()) {
            if (name.startsWith(prefix)) {
                BasicFileAttributes attributes = versions.attributes(name);
                Optional<VersionFile> found = attributes == null ? Optional.empty()
                        : of(directory, name, attributes, seal);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<VersionFile> of(String directory, String file, BasicFileAttributes attributes,
            ContentSeal seal) {
        Matcher name = NAME.matcher(file);
        if (!name.matches() || !attributes.isRegularFile()) {
            return Optional.empty();
        }
        boolean redacted = name.group(5) != null;
        return Optional.of(new VersionFile(directory, file, Integer.parseInt(name.group(1)),
                Long.parseLong(name.group(2)), name.group(3), name.group(4) == null
                        ? FileVersion.Operation.UNRECORDED : FileVersion.Operation.of(name.group(4)),
                redacted ? attributes.size() : PlainSize.of(attributes, seal), redacted));
    }
}
