package dev.memdir.memory;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.path.MemoryPath;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Earlier versions of memory files, kept inside the root ({@code .memdir-history}, which no path can name and no
 * listing shows) before a command overwrites, edits, renames or deletes them. Each file's versions live in a
 * directory named by the SHA-256 of its path (with a {@code path} file naming it, so that the paths can be listed);
 * each version is one file written atomically, named by its number, time, session and operation (memdirs before
 * operations were recorded left the operation out), so a kill leaves every version whole or absent (versions are
 * not flushed to the disk: a power loss may take the newest ones, never the memory files). A redacted version's
 * file is replaced by a {@code .redacted} file of its figures and who redacted it. Callers hold the store's write
 * lock.
 */
final class History {

    static final String DIRECTORY = MemoryNames.RESERVED_PREFIX + "-history";
    private static final String PATH_FILE = "path";
    private static final String REDACTED = ".redacted";
    private static final Pattern VERSION_NAME =
            Pattern.compile("(\\d{8})-(\\d+)-([A-Za-z0-9_-]*)(?:\\.([a-z]+))?(\\" + REDACTED + ")?");

    private record Stored(Path file, int number, long millis, String session, FileVersion.Operation operation,
            long size, boolean redacted) {

        /** Returns the file's name without the redaction suffix. */
        String name() {
            String name = file.getFileName().toString();
            return redacted ? name.substring(0, name.length() - REDACTED.length()) : name;
        }
    }

    /**
     * Counting every version on every keep made an edit cost 0.2 s once the history held 20,000 versions. This
     * process counts once, follows its own changes, and counts again every {@value #RECOUNT_EVERY} keeps (or when
     * its figure passes the limit) to see what other processes kept; so the byte limit may be passed by what other
     * processes keep between two counts.
     */
    private static final int RECOUNT_EVERY = 64;

    private final Path directory;
    private final HistoryLimits limits;
    private final Clock clock;
    private final String session;
    private long countedBytes = -1;
    private int keptSinceCount;

    History(Path root, HistoryLimits limits, Clock clock, String session) {
        this.directory = root.resolve(DIRECTORY);
        this.limits = limits;
        this.clock = clock;
        this.session = safeSession(session);
    }

    /**
     * Keeps {@code content}, the bytes {@code path} holds now, as its newest version, replaced by {@code operation};
     * then applies the limits.
     */
    void keep(MemoryPath path, byte[] content, FileVersion.Operation operation) throws IOException {
        add(path, clock.millis(), session, operation, content, Optional.empty());
    }

    /** Keeps {@code version} as another store kept it; {@code content} is empty when it was redacted. */
    void add(MemoryPath path, FileVersion version, Optional<byte[]> content) throws IOException {
        add(path, version.time().toEpochMilli(), safeSession(version.session()), version.operation(),
                content.orElse(new byte[0]), version.redaction().map(redaction -> redactedFigures(version.size(),
                        version.sha256(), redaction.actor(), redaction.time().toEpochMilli())));
    }

    private void add(MemoryPath path, long millis, String keptBy, FileVersion.Operation operation, byte[] content,
            Optional<String> redactedFigures) throws IOException {
        Path versions = versionsOf(path);
        if (!Files.isDirectory(versions, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(versions, FilePermissions.privateDirectory(versions));
        }
        if (!Files.exists(versions.resolve(PATH_FILE), LinkOption.NOFOLLOW_LINKS)) {
            AtomicFiles.writeWithoutFlush(versions.resolve(PATH_FILE), key(path).getBytes(StandardCharsets.UTF_8));
        }
        List<Stored> stored = stored(versions);
        int number = stored.isEmpty() ? 1 : stored.get(stored.size() - 1).number() + 1;
        String name = String.format("%08d-%d-%s.%s", number, millis, keptBy, operation.label());
        byte[] written = redactedFigures.map(figures -> figures.getBytes(StandardCharsets.UTF_8)).orElse(content);
        Path file = versions.resolve(redactedFigures.isPresent() ? name + REDACTED : name);
        AtomicFiles.writeWithoutFlush(file, written);
        stored.add(new Stored(file, number, millis, keptBy, operation, written.length, redactedFigures.isPresent()));
        long dropped = 0;
        for (int i = 0; i < stored.size() - limits.keep(); i++) {
            Files.deleteIfExists(stored.get(i).file());
            dropped += stored.get(i).size();
        }
        if (countedBytes < 0 || ++keptSinceCount >= RECOUNT_EVERY) {
            countedBytes = keepWithinBytes();
            keptSinceCount = 0;
        } else {
            countedBytes += written.length - dropped;
            if (countedBytes > limits.maxBytes()) {
                countedBytes = keepWithinBytes();
            }
        }
    }

    /**
     * Keeps every memory file under {@code top} (a file or a directory of the memory), links left alone, replaced by
     * {@code operation}; returns how many files it kept and their bytes.
     */
    Usage keepTree(MemoryPath topPath, Path top, FileVersion.Operation operation) throws IOException {
        long[] kept = new long[2];
        Files.walkFileTree(top, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                if (attributes.isRegularFile() && !MemoryNames.reserved(file.getFileName().toString())) {
                    kept[0]++;
                    kept[1] += attributes.size();
                    List<String> segments = new ArrayList<>(topPath.segments());
                    top.relativize(file).forEach(part -> segments.add(part.toString()));
                    segments.removeIf(String::isEmpty);
                    keep(MemoryPath.of(segments), Files.readAllBytes(file), operation);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return new Usage(kept[0], kept[1]);
    }

    /** Returns the kept versions of {@code path}, newest first. */
    List<FileVersion> versions(MemoryPath path) throws IOException {
        List<Stored> stored = stored(versionsOf(path));
        List<FileVersion> versions = new ArrayList<>();
        for (int i = stored.size() - 1; i >= 0; i--) {
            Stored version = stored.get(i);
            Instant time = Instant.ofEpochMilli(version.millis());
            if (version.redacted()) {
                List<String> figures = Files.readAllLines(version.file(), StandardCharsets.UTF_8);
                versions.add(new FileVersion(version.number(), time, version.session(), Long.parseLong(figures.get(0)),
                        figures.get(1), version.operation(), Optional.of(new FileVersion.Redaction(figures.get(2),
                                Instant.ofEpochMilli(Long.parseLong(figures.get(3)))))));
            } else {
                versions.add(new FileVersion(version.number(), time, version.session(), version.size(),
                        Sha256.hex(Files.readAllBytes(version.file())), version.operation(), Optional.empty()));
            }
        }
        return versions;
    }

    /** Returns the bytes of version {@code number} of {@code path}, or empty when it is not kept or redacted. */
    Optional<byte[]> content(MemoryPath path, int number) throws IOException {
        Optional<Stored> stored = find(path, number);
        return stored.isPresent() && !stored.get().redacted()
                ? Optional.of(Files.readAllBytes(stored.get().file())) : Optional.empty();
    }

    /**
     * Replaces version {@code number} of {@code path} by its figures and who redacted it, written and flushed before
     * the content is deleted, so a kill leaves the content or the redaction (at worst both, redacted again by a
     * second call).
     */
    void redact(MemoryPath path, int number, String actor) throws IOException {
        Optional<Stored> found = find(path, number);
        if (found.isEmpty() || found.get().redacted()) {
            return;
        }
        Stored version = found.get();
        byte[] content = Files.readAllBytes(version.file());
        AtomicFiles.write(version.file().resolveSibling(version.name() + REDACTED), redactedFigures(content.length,
                Sha256.hex(content), actor, clock.millis()).getBytes(StandardCharsets.UTF_8));
        Files.delete(version.file());
        AtomicFiles.syncDirectory(version.file().getParent());
    }

    /** Returns every path with a directory of versions that names it, in no particular order. */
    List<MemoryPath> paths() throws IOException {
        List<MemoryPath> paths = new ArrayList<>();
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return paths;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
            for (Path versions : files) {
                Path named = versions.resolve(PATH_FILE);
                if (Files.isRegularFile(named, LinkOption.NOFOLLOW_LINKS)) {
                    paths.add(MemoryPath.of(List.of(Files.readString(named, StandardCharsets.UTF_8).split("/"))));
                }
            }
        }
        return paths;
    }

    private Optional<Stored> find(MemoryPath path, int number) throws IOException {
        return stored(versionsOf(path)).stream().filter(stored -> stored.number() == number).findFirst();
    }

    private Path versionsOf(MemoryPath path) {
        return directory.resolve(Sha256.hex(key(path).getBytes(StandardCharsets.UTF_8)));
    }

    private static String key(MemoryPath path) {
        return String.join("/", path.segments());
    }

    private static String safeSession(String session) {
        return session.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    private static String redactedFigures(long size, String sha256, String actor, long millis) {
        return size + "\n" + sha256 + "\n" + actor.replaceAll("\\R", " ") + "\n" + millis + "\n";
    }

    /** The versions in one file's directory, oldest first. */
    private static List<Stored> stored(Path versions) throws IOException {
        List<Stored> stored = new ArrayList<>();
        if (!Files.isDirectory(versions, LinkOption.NOFOLLOW_LINKS)) {
            return stored;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(versions)) {
            for (Path entry : entries) {
                Matcher name = VERSION_NAME.matcher(entry.getFileName().toString());
                if (name.matches() && Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    stored.add(new Stored(entry, Integer.parseInt(name.group(1)), Long.parseLong(name.group(2)),
                            name.group(3), name.group(4) == null ? FileVersion.Operation.UNRECORDED
                                    : FileVersion.Operation.of(name.group(4)),
                            Files.size(entry), name.group(5) != null));
                }
            }
        }
        stored.sort(Comparator.comparingInt(Stored::number));
        return stored;
    }

    /** Counts every kept version and drops the oldest while they pass the byte limit; returns the bytes left. */
    private long keepWithinBytes() throws IOException {
        List<Stored> all = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
            for (Path versions : files) {
                all.addAll(stored(versions));
            }
        }
        long total = all.stream().mapToLong(Stored::size).sum();
        all.sort(Comparator.comparingLong(Stored::millis).thenComparingInt(Stored::number));
        for (Stored oldest : all) {
            if (total <= limits.maxBytes()) {
                break;
            }
            Files.deleteIfExists(oldest.file());
            total -= oldest.size();
        }
        return total;
    }
}
