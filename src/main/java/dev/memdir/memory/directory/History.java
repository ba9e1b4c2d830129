package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.Sha256;
import dev.memdir.memory.store.Usage;
import java.io.IOException;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Earlier versions of memory files, kept inside the root ({@code .memdir-history}, which no path can name and no
 * listing shows) before a command overwrites, edits, renames or deletes them. Each file's versions live in a
 * directory of their own ({@link VersionDirectories}); each version is one file written atomically, named by its
 * number, time, session and operation (memdirs before operations were recorded left the operation out), so a kill
 * leaves every version whole or absent (versions are not flushed to the disk: a power loss may take the newest
 * ones, never the memory files). A redacted version's file is replaced by a {@code .redacted} file of its size and
 * who redacted it; a version kept before a rename has a {@code .to} file beside it naming where the file went
 * ({@link RenameDestination}). Callers hold the store's write lock. Every file and directory of it is reached from
 * the opened root, one name at a time, following no link.
 */
final class History {

    static final String DIRECTORY = MemoryNames.RESERVED_PREFIX + "-history";

    /**
     * Counting every version on every keep made an edit cost 0.2 s once the history held 20,000 versions. This
     * process counts once, follows its own changes, and counts again every {@value #RECOUNT_EVERY} keeps (or when
     * its figure passes the limit) to see what other processes kept; so the byte limit may be passed by what other
     * processes keep between two counts.
     */
    private static final int RECOUNT_EVERY = 64;

    private final HistoryLimits limits;
    private final Clock clock;
    private final String actor;
    private final String session;
    private long countedBytes = -1;
    private int keptSinceCount;

    /** A history whose versions and redactions {@code actor} (a session id) makes. */
    History(HistoryLimits limits, Clock clock, String actor) {
        this.limits = limits;
        this.clock = clock;
        this.actor = actor;
        this.session = safeSession(actor);
    }

    /**
     * Keeps {@code content}, the bytes {@code path} holds now, as its newest version, replaced by {@code operation};
     * then applies the limits.
     */
    void keep(OpenedDirectory root, ContentSeal seal, MemoryPath path, byte[] content,
            FileVersion.Operation operation) throws IOException {
        keep(root, seal, path, content, operation, Optional.empty());
    }

    private void keep(OpenedDirectory root, ContentSeal seal, MemoryPath path, byte[] content,
            FileVersion.Operation operation, Optional<MemoryPath> renamedTo) throws IOException {
        add(root, seal, path, clock.millis(), session, operation, content, Optional.empty(), renamedTo);
    }

    /** Keeps {@code version} as another store kept it; {@code content} is empty when it was redacted. */
    void add(OpenedDirectory root, ContentSeal seal, MemoryPath path, FileVersion version,
            Optional<byte[]> content) throws IOException {
        add(root, seal, path, version.time().toEpochMilli(), safeSession(version.session()), version.operation(),
                content.orElse(new byte[0]), RedactedFigures.of(version), version.renamedTo());
    }

    private void add(OpenedDirectory root, ContentSeal seal, MemoryPath path, long millis, String keptBy,
            FileVersion.Operation operation, byte[] content, Optional<RedactedFigures> redacted,
            Optional<MemoryPath> renamedTo) throws IOException {
        String directory = VersionDirectories.name(path);
        try (OpenedDirectory history = root.directoryMade(DIRECTORY);
                OpenedDirectory versions = VersionDirectories.made(history, path)) {
            List<VersionFile> stored = VersionFile.in(versions, directory, seal);
            int number = stored.isEmpty() ? 1 : stored.get(stored.size() - 1).number() + 1;
            String name = VersionFile.name(number, millis, keptBy, operation);
            byte[] kept = redacted.map(RedactedFigures::bytes).orElse(content);
            String file = redacted.isPresent() ? name + RedactedFigures.SUFFIX : name;
            AtomicFiles.writeWithoutFlush(versions, file, redacted.isPresent() ? kept : seal.seal(path, content));
            if (renamedTo.isPresent()) {
                RenameDestination.write(versions, name, renamedTo.get());
            }
            stored.add(new VersionFile(directory, file, number, millis, keptBy, operation, kept.length,
                    redacted.isPresent()));
            long dropped = 0;
            for (int i = 0; i < stored.size() - limits.keep(); i++) {
                drop(versions, stored.get(i));
                dropped += stored.get(i).size();
            }
            if (countedBytes < 0 || ++keptSinceCount >= RECOUNT_EVERY) {
                countedBytes = keepWithinBytes(history, seal);
                keptSinceCount = 0;
            } else {
                countedBytes += kept.length - dropped;
                if (countedBytes > limits.maxBytes()) {
                    countedBytes = keepWithinBytes(history, seal);
                }
            }
        }
    }

    private static void drop(OpenedDirectory versions, VersionFile version) throws IOException {
        versions.deleteIfExists(version.file());
        RenameDestination.delete(versions, version);
    }

    /**
     * Keeps every memory file at or below the entry {@code name} of {@code parent} ({@code top}: a file or a
     * directory of the memory), links left alone, replaced by {@code operation}, with where each goes when
     * {@code top} is renamed to {@code renamedTo}; returns how many files it kept and their bytes.
     */
    Usage keepTree(OpenedDirectory root, ContentSeal seal, MemoryPath top, OpenedDirectory parent, String name,
            FileVersion.Operation operation, Optional<MemoryPath> renamedTo) throws IOException {
        long[] kept = new long[2];
        List<String> above = top.segments().subList(0, top.segments().size() - 1);
        MemoryFileWalk.below(parent, name, (directory, segments, attributes) -> {
            List<String> path = new ArrayList<>(above);
            path.addAll(segments);
            MemoryPath file = MemoryPath.of(path);
            byte[] content = seal.open(file, directory.read(segments.get(segments.size() - 1)));
            kept[0]++;
            kept[1] += content.length;
            keep(root, seal, file, content, operation, renamedTo.map(to -> file.movedWith(top, to)));
        });
        return new Usage(kept[0], kept[1]);
    }

    /** Returns the kept versions of {@code path}, newest first. */
    List<FileVersion> versions(OpenedDirectory root, ContentSeal seal, MemoryPath path) throws IOException {
        return VersionDirectories.read(root, path, List.of(), versions -> {
            List<VersionFile> stored = VersionFile.in(versions, VersionDirectories.name(path), seal);
            List<FileVersion> found = new ArrayList<>();
            for (int i = stored.size() - 1; i >= 0; i--) {
                VersionFile version = stored.get(i);
                Instant time = Instant.ofEpochMilli(version.millis());
                byte[] bytes = versions.read(version.file());
                Optional<MemoryPath> renamedTo = version.operation() == FileVersion.Operation.RENAME
                        ? RenameDestination.read(versions, version) : Optional.empty();
                if (version.redacted()) {
                    found.add(RedactedFigures.parse(bytes).version(version.number(), time, version.session(),
                            version.operation(), renamedTo));
                } else {
                    found.add(new FileVersion(version.number(), time, version.session(), version.size(),
                            Optional.of(Sha256.hex(seal.open(path, bytes))), version.operation(), Optional.empty(),
                            renamedTo));
                }
            }
            return found;
        });
    }

    /** Returns the bytes of version {@code number} of {@code path}, or empty when it is not kept or redacted. */
    Optional<byte[]> content(OpenedDirectory root, ContentSeal seal, MemoryPath path, int number)
            throws IOException {
        return VersionDirectories.read(root, path, Optional.empty(), versions -> {
            Optional<VersionFile> stored = find(versions, seal, path, number);
            return stored.isPresent() && !stored.get().redacted()
                    ? Optional.of(seal.open(path, versions.read(stored.get().file()))) : Optional.empty();
        });
    }

    /**
     * Replaces version {@code number} of {@code path} by its size and who redacted it, written and flushed before
     * the content is deleted, so a kill leaves the content or the redaction (at worst both, redacted again by a
     * second call).
     */
    void redact(OpenedDirectory root, ContentSeal seal, MemoryPath path, int number) throws IOException {
        VersionDirectories.read(root, path, null, versions -> {
            Optional<VersionFile> found = find(versions, seal, path, number);
            if (found.isEmpty() || found.get().redacted()) {
                return null;
            }
            VersionFile version = found.get();
            AtomicFiles.write(versions, version.file() + RedactedFigures.SUFFIX,
                    new RedactedFigures(version.size(), actor, clock.millis()).bytes());
            versions.deleteFile(version.file());
            versions.sync();
            return null;
        });
    }

    /**
     * Seals every kept version again under {@code seal}'s primary data key, each replaced atomically ({@link Reseal});
     * returns how many. Redactions hold no content and stay as they are.
     */
    long reseal(OpenedDirectory root, ContentSeal seal) throws IOException {
        long[] count = new long[1];
        VersionDirectories.each(root, (name, versions) -> {
            Optional<MemoryPath> path = VersionDirectories.path(versions);
            if (path.isEmpty()) {
                return;
            }
            for (VersionFile version : VersionFile.in(versions, name, seal)) {
                BasicFileAttributes attributes = versions.attributes(version.file());
                if (!version.redacted() && attributes != null) {
                    Reseal.write(versions, version.file(),
                            seal.seal(path.get(), seal.open(path.get(), versions.read(version.file()))), attributes);
                    count[0]++;
                }
            }
        });
        return count[0];
    }

    /** Returns every path with a directory of versions that names it, in no particular order. */
    List<MemoryPath> paths(OpenedDirectory root) throws IOException {
        List<MemoryPath> paths = new ArrayList<>();
        VersionDirectories.each(root, (name, versions) -> VersionDirectories.path(versions).ifPresent(paths::add));
        return paths;
    }

    /** Returns every path with a kept version of a rename to {@code to}, in no particular order. */
    List<MemoryPath> renamedInto(OpenedDirectory root, ContentSeal seal, MemoryPath to) throws IOException {
        List<MemoryPath> from = new ArrayList<>();
        VersionDirectories.each(root, (name, versions) -> {
            for (VersionFile version : VersionFile.in(versions, name, seal)) {
                if (version.operation() == FileVersion.Operation.RENAME
                        && RenameDestination.read(versions, version).map(MemoryPath::segments)
                                .equals(Optional.of(to.segments()))) {
                    VersionDirectories.path(versions).ifPresent(from::add);
                    return;
                }
            }
        });
        return from;
    }

    private static Optional<VersionFile> find(OpenedDirectory versions, ContentSeal seal, MemoryPath path,
            int number) throws IOException {
        return VersionFile.numbered(versions, VersionDirectories.name(path), seal, number);
    }

    private static String safeSession(String session) {
        return session.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    /** Counts every kept version and drops the oldest while they pass the byte limit; returns the bytes left. */
    private long keepWithinBytes(OpenedDirectory history, ContentSeal seal) throws IOException {
        List<VersionFile> all = new ArrayList<>();
        VersionDirectories.eachIn(history, (name, versions) -> all.addAll(VersionFile.in(versions, name, seal)));
        long total = all.stream().mapToLong(VersionFile::size).sum();
        all.sort(Comparator.comparingLong(VersionFile::millis).thenComparingInt(VersionFile::number));
        for (VersionFile oldest : all) {
            if (total <= limits.maxBytes()) {
                break;
            }
            try (OpenedDirectory versions = history.directory(oldest.directory())) {
                drop(versions, oldest);
            }
            total -= oldest.size();
        }
        return total;
    }
}
