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
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Earlier versions of memory files, kept inside the root ({@code .memdir-history}, which no path can name and no
 * listing shows) before a command overwrites, edits, renames or deletes them. Each file's versions live in a
 * directory named by the SHA-256 of its path; each version is one file written atomically, named by its number,
 * time and session, so a kill leaves every version whole or absent (versions are not flushed to the disk: a power
 * loss may take the newest ones, never the memory files). Callers hold the store's write lock.
 */
final class History {

    static final String DIRECTORY = MemoryNames.RESERVED_PREFIX + "-history";
    private static final Pattern VERSION_NAME = Pattern.compile("(\\d{8})-(\\d+)-([A-Za-z0-9_-]*)");

    private record Stored(Path file, int number, long millis, String session, long size) {}

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
        this.session = session.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    /** Keeps {@code content}, the bytes {@code path} holds now, as its newest version; then applies the limits. */
    void keep(MemoryPath path, byte[] content) throws IOException {
        Path versions = versionsOf(path);
        if (!Files.isDirectory(versions, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(versions, FilePermissions.privateDirectory(versions));
        }
        List<Stored> stored = stored(versions);
        int number = stored.isEmpty() ? 1 : stored.get(stored.size() - 1).number() + 1;
        long millis = clock.millis();
        Path file = versions.resolve(String.format("%08d-%d-%s", number, millis, session));
        AtomicFiles.writeWithoutFlush(file, content);
        stored.add(new Stored(file, number, millis, session, content.length));
        long dropped = 0;
        for (int i = 0; i < stored.size() - limits.keep(); i++) {
            Files.deleteIfExists(stored.get(i).file());
            dropped += stored.get(i).size();
        }
        if (countedBytes < 0 || ++keptSinceCount >= RECOUNT_EVERY) {
            countedBytes = keepWithinBytes();
            keptSinceCount = 0;
        } else {
            countedBytes += content.length - dropped;
            if (countedBytes > limits.maxBytes()) {
                countedBytes = keepWithinBytes();
            }
        }
    }

    /**
     * Keeps every memory file under {@code top} (a file or a directory of the memory), links left alone; returns
     * how many files it kept and their bytes.
     */
    Usage keepTree(MemoryPath topPath, Path top) throws IOException {
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
                    keep(new MemoryPath(MemoryPath.ROOT + "/" + String.join("/", segments), segments),
                            Files.readAllBytes(file));
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
            versions.add(new FileVersion(version.number(), Instant.ofEpochMilli(version.millis()), version.session(),
                    version.size(), sha256(Files.readAllBytes(version.file()))));
        }
        return versions;
    }

    /** Returns the bytes of version {@code number} of {@code path}, or empty when it is not kept. */
    Optional<byte[]> content(MemoryPath path, int number) throws IOException {
        for (Stored stored : stored(versionsOf(path))) {
            if (stored.number() == number) {
                return Optional.of(Files.readAllBytes(stored.file()));
            }
        }
        return Optional.empty();
    }

    private Path versionsOf(MemoryPath path) {
        return directory.resolve(sha256(String.join("/", path.segments()).getBytes(StandardCharsets.UTF_8)));
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
                            name.group(3), Files.size(entry)));
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

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException impossible) {
            throw new AssertionError("every Java has SHA-256", impossible);
        }
    }
}
