package dev.memdir.memory.directory;

import dev.memdir.memory.store.FileVersion;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the history keeps of a redacted version in place of its content: a {@code .redacted} file of the version's
 * size and SHA-256 and of who redacted it and when, one figure a line.
 */
record RedactedFigures(long size, String sha256, String actor, long millis) {

    /** The suffix of a redacted version's file name. */
    static final String SUFFIX = ".redacted";

    /** Returns the figures of {@code version} as another store kept them, if it was redacted. */
    static Optional<RedactedFigures> of(FileVersion version) {
        return version.redaction().map(redaction -> new RedactedFigures(version.size(), version.sha256(),
                redaction.actor(), redaction.time().toEpochMilli()));
    }

    /** Returns the figures a {@code .redacted} file holds. */
    static RedactedFigures parse(byte[] file) {
        List<String> figures = new String(file, StandardCharsets.UTF_8).lines().toList();
        return new RedactedFigures(Long.parseLong(figures.get(0)), figures.get(1), figures.get(2),
                Long.parseLong(figures.get(3)));
    }

    /** Returns the bytes of the {@code .redacted} file. */
    byte[] bytes() {
        return (size + "\n" + sha256 + "\n" + actor.replaceAll("\\R", " ") + "\n" + millis + "\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** Returns redacted version {@code number}, kept at {@code time} by {@code session} before {@code operation}. */
    FileVersion version(int number, Instant time, String session, FileVersion.Operation operation) {
        return new FileVersion(number, time, session, size, sha256, operation,
                Optional.of(new FileVersion.Redaction(actor, Instant.ofEpochMilli(millis))));
    }
}
