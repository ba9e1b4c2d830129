package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.FileVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the history keeps of a redacted version in place of its content: a {@code .redacted} file of the version's
 * size and of who redacted it and when, one figure a line. Its second line stays empty: memdirs before this one kept
 * the version's SHA-256 there, and still read the file (the hash of a short secret can be guessed, so it goes too).
 */
record RedactedFigures(long size, String actor, long millis) {

    /** The suffix of a redacted version's file name. */
    static final String SUFFIX = ".redacted";

    /** Returns the figures of {@code version} as another store kept them, if it was redacted. */
    static Optional<RedactedFigures> of(FileVersion version) {
        return version.redaction().map(redaction -> new RedactedFigures(version.size(), redaction.actor(),
                redaction.time().toEpochMilli()));
    }

    /** Returns the figures a {@code .redacted} file holds, the SHA-256 an earlier memdir kept there left out. */
    static RedactedFigures parse(byte[] file) {
        List<String> figures = lines(file);
        return new RedactedFigures(Long.parseLong(figures.get(0)), figures.get(2), Long.parseLong(figures.get(3)));
    }

    /** Rewrites the {@code .redacted} file {@code name} of {@code versions} without the SHA-256 it may still hold. */
    static void forgetHash(OpenedDirectory versions, String name) throws IOException {
        byte[] file = versions.read(name);
        if (!lines(file).get(1).isEmpty()) {
            AtomicFiles.write(versions, name, parse(file).bytes());
        }
    }

    private static List<String> lines(byte[] file) {
        return new String(file, StandardCharsets.UTF_8).lines().toList();
    }

    /** Returns the bytes of the {@code .redacted} file. */
    byte[] bytes() {
        return (size + "\n\n" + actor.replaceAll("\\R", " ") + "\n" + millis + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Returns redacted version {@code number}, kept at {@code time} by {@code session} before {@code operation}
     * (a rename to {@code renamedTo}).
     */
    FileVersion version(int number, Instant time, String session, FileVersion.Operation operation,
            Optional<MemoryPath> renamedTo) {
        return new FileVersion(number, time, session, size, Optional.empty(), operation,
                Optional.of(new FileVersion.Redaction(actor, Instant.ofEpochMilli(millis))), renamedTo);
    }
}
