package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.memdir.Eventually;
import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.index.IndexBudget;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.postgres.LocalPostgres;
import dev.memdir.memory.postgres.PostgresHand;
import dev.memdir.memory.postgres.PostgresOptions;
import dev.memdir.memory.postgres.RawRows;
import dev.memdir.memory.render.SizeFormat;
import dev.memdir.memory.s3.LocalS3;
import dev.memdir.memory.s3.S3Location;
import dev.memdir.memory.s3.S3Options;
import dev.memdir.memory.s3.S3Store;
import dev.memdir.memory.s3.SealedObjects;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A memory store of one {@link StoreKind}, and short ways to call the tool on it. On the directory store the root
 * is {@code <temp>/memories}, so a test can also place things beside it, outside the root; on PostgreSQL the
 * memory is a namespace of its own in the test JVM's server. Files a test places with {@link #write} land as
 * if by hand, past the limits: on disk for the plain directory store, else through a second, unlimited store (a
 * sealed root's files hold sealed bytes; directories need no sealing, and are made on its disk).
 * The methods that look at the disk ({@link #disk}, {@link #mode}, {@link #names}) are for the directory store
 * alone ({@link OnDisk}): on PostgreSQL they fail.
 */
public final class MemoryFixture implements AutoCloseable {

    public static final long DEFAULT_MAX_FILE_BYTES = 100 * 1024;
    public static final Instant NOW = Instant.parse("2026-11-29T10:15:00Z");
    public static final String SESSION = "session-under-test";
    private static final StoreLimits BY_HAND = StoreLimits.perFile(StoreLimits.UNLIMITED);

    /** Opens a store on a fixture's memory, as another memdir process would, with the key {@code keys} (if any). */
    @FunctionalInterface
    interface Opener {
        MemoryStore open(StoreLimits limits, HistoryLimits history, String actor, Optional<MemoryKeys> keys)
                throws IOException;
    }

    public final StoreKind kind;
    public final MemoryStore store;
    private final S3Location bucket;
    private final String namespace;
    public final MemoryTool tool;
    private final Path root;
    private final Opener opener;
    private final MemoryStore hand;

    private MemoryFixture(StoreKind kind, Opener opener, StoreLimits limits, HistoryLimits history,
            boolean readOnly) throws IOException {
        this(kind, opener, limits, history, readOnly, null, null);
    }

    private MemoryFixture(StoreKind kind, Opener opener, StoreLimits limits, HistoryLimits history,
            boolean readOnly, S3Location bucket, String namespace) throws IOException {
        this.kind = kind;
        this.bucket = bucket;
        this.namespace = namespace;
        this.opener = opener;
        this.store = opener.open(limits, history, SESSION, TestKeys.of(kind));
        this.root = store instanceof DirectoryStore directory ? directory.root() : null;
        this.hand = kind == StoreKind.DIRECTORY ? null
                : opener.open(BY_HAND, history, "by-hand", TestKeys.of(kind));
        this.tool = new MemoryTool(store, stamper(), readOnly, IndexBudget.DEFAULT);
    }

    public static MemoryFixture open(Path tempDir) throws IOException {
        return open(tempDir, StoreKind.DIRECTORY);
    }

    public static MemoryFixture open(Path tempDir, StoreKind kind) throws IOException {
        return open(tempDir, kind, StoreLimits.perFile(DEFAULT_MAX_FILE_BYTES));
    }

    public static MemoryFixture open(Path tempDir, StoreKind kind, StoreLimits limits) throws IOException {
        return open(tempDir, kind, limits, HistoryLimits.DEFAULT, false);
    }

    public static MemoryFixture open(Path tempDir, StoreKind kind, StoreLimits limits, HistoryLimits history,
            boolean readOnly) throws IOException {
        if (kind.plain() == StoreKind.DIRECTORY) {
            Path root = tempDir.resolve("memories");
            return new MemoryFixture(kind, (l, h, actor, keys) -> DirectoryStore.open(
                    new DirectoryOptions(root, l, h, actor, keys)),
                    limits, history, readOnly);
        }
        if (kind.plain() == StoreKind.S3) {
            S3Location bucket = LocalS3.shared().freshBucket("memory");
            return new MemoryFixture(kind, (l, h, actor, keys) -> S3Store.open(new S3Options(bucket, "fixture", l, h,
                    actor, S3Store.DEFAULT_TIMEOUT, false, keys, Optional.of(LocalS3.credentials()))), limits, history,
                    readOnly, bucket, "fixture");
        }
        String namespace = LocalPostgres.freshNamespace();
        return new MemoryFixture(kind, (l, h, actor, keys) -> LocalPostgres.shared().open(
                new PostgresOptions(namespace, l, h, actor, keys)), limits, history, readOnly, null, namespace);
    }

    /** Opens another store on this memory, as a second memdir process would; the caller closes it. */
    public MemoryStore another(StoreLimits limits, String actor) throws IOException {
        return opener.open(limits, HistoryLimits.DEFAULT, actor, TestKeys.of(kind));
    }

    /** Opens another store on this memory with the key {@code keys} (if any), not its kind's; the caller closes it. */
    public MemoryStore openedWith(Optional<MemoryKeys> keys) throws IOException {
        return opener.open(StoreLimits.perFile(DEFAULT_MAX_FILE_BYTES), HistoryLimits.DEFAULT, "opened-with", keys);
    }

    /**
     * Copies every vector segment of this memory, as stored, into {@code other}'s (a memory of the same kind), past
     * every store: file by file on the disk, row by row in the database, object by object in the bucket (then waits
     * until the bucket lists them, as S3Proxy may take a moment to).
     */
    public void copyVectorsTo(MemoryFixture other) throws IOException, InterruptedException {
        if (root != null) {
            Path into = Files.createDirectories(other.root.resolve(".memdir-vectors"));
            try (Stream<Path> segments = Files.list(root.resolve(".memdir-vectors"))) {
                for (Path segment : segments.toList()) {
                    Files.copy(segment, into.resolve(segment.getFileName()));
                }
            }
        } else if (bucket != null) {
            List<String> before = LocalS3.keys(other.bucket);
            int copied = 0;
            for (Map.Entry<String, byte[]> object : LocalS3.objects(bucket).entrySet()) {
                if (object.getKey().contains("/vectors/")) {
                    LocalS3.put(other.bucket, object.getKey(), object.getValue());
                    copied++;
                }
            }
            int segments = copied;
            Eventually.within(Duration.ofSeconds(30),
                    () -> LocalS3.keysAdded(other.bucket, before, "/vectors/").size() >= segments);
        } else {
            try (Connection connection = LocalPostgres.shared().dataSource().getConnection()) {
                RawRows.copyVectors(connection, namespace, other.namespace);
            } catch (SQLException e) {
                throw new IOException(e);
            }
        }
    }

    /** Returns a stamper with a fixed clock ({@link #NOW}) and session ({@link #SESSION}). */
    public static FrontmatterStamper stamper() {
        return new FrontmatterStamper(Clock.fixed(NOW, ZoneOffset.UTC), SESSION);
    }

    /** Returns {@code key1, value1, key2, value2, ...} as a map; values may be null. */
    public static Map<String, Object> args(Object... keysAndValues) {
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /** Runs a command that must succeed with text, and returns the text. */
    public String text(String command, Object... keysAndValues) throws CommandException {
        CommandOutput output = tool.call(command, args(keysAndValues));
        assertThat(output).isInstanceOf(CommandOutput.Text.class);
        return ((CommandOutput.Text) output).text();
    }

    /** Runs a command that must fail, and returns its error text. */
    public String error(String command, Object... keysAndValues) {
        CommandException e = catchThrowableOfType(CommandException.class,
                () -> tool.call(command, args(keysAndValues)));
        assertThat(e).as("%s %s should fail", command, args(keysAndValues)).isNotNull();
        return e.text();
    }

    /** Returns the text of {@code view path}. */
    public String view(String path) throws CommandException {
        return text("view", "path", path);
    }

    /** Places {@code content} (UTF-8) at {@code relative} below the root, making directories. */
    public void write(String relative, String content) throws IOException {
        writeBytes(relative, content.getBytes(StandardCharsets.UTF_8));
    }

    public void writeBytes(String relative, byte[] content) throws IOException {
        writeAll(Map.of(relative, content));
    }

    /**
     * Places each content (UTF-8) at its path below the root, in one unit of work on a store that is not a directory:
     * a test of many files is not a test of as many commits.
     */
    public void writeAllText(Map<String, String> contents) throws IOException {
        Map<String, byte[]> bytes = new HashMap<>();
        contents.forEach((relative, content) -> bytes.put(relative, content.getBytes(StandardCharsets.UTF_8)));
        writeAll(bytes);
    }

    private void writeAll(Map<String, byte[]> contents) throws IOException {
        if (hand == null) {
            for (Map.Entry<String, byte[]> content : contents.entrySet()) {
                Path file = disk(content.getKey());
                Files.createDirectories(file.getParent());
                Files.write(file, content.getValue());
            }
        } else {
            expect(() -> hand.change(files -> {
                for (Map.Entry<String, byte[]> content : contents.entrySet()) {
                    files.write(path(content.getKey()), content.getValue());
                }
                return null;
            }));
        }
    }

    /** Makes the directories {@code relative} below the root: on disk for the directory store, sealed or not. */
    public void mkdirs(String relative) throws IOException {
        if (root != null) {
            Files.createDirectories(disk(relative));
        } else {
            expect(() -> {
                PostgresHand.makeDirectories(hand, path(relative));
                return null;
            });
        }
    }

    /** Returns the content of the file {@code relative} below the root, as UTF-8. */
    public String read(String relative) throws IOException {
        return new String(readBytes(relative), StandardCharsets.UTF_8);
    }

    public byte[] readBytes(String relative) throws IOException {
        MemoryPath path = path(relative);
        return expect(() -> store.read(files -> files.read(path)));
    }

    /**
     * Returns whether the bytes of {@code text} (UTF-8) are in any file under the root, memdir's own included, or in
     * any file or history row of the database (its content or its SHA-256), or in any object of the bucket (each
     * opened under the key when the bucket is sealed).
     */
    public boolean storedAnywhere(String text) throws IOException {
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        if (bucket != null) {
            // Sealed, what the key opens: a redacted secret must be gone, not merely sealed.
            return (kind.sealed() ? SealedObjects.opened(bucket, "fixture", TestKeys.shared())
                    : LocalS3.objects(bucket)).values().stream().anyMatch(content -> holds(content, needle));
        }
        if (root == null) {
            try (Connection connection = LocalPostgres.shared().dataSource().getConnection()) {
                return RawRows.hold(connection, text);
            } catch (SQLException e) {
                throw new IOException(e);
            }
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (holds(Files.readAllBytes(file), needle)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean holds(byte[] content, byte[] needle) {
        // ISO-8859-1 maps every byte to one char, so a byte search is a string search.
        return new String(content, StandardCharsets.ISO_8859_1)
                .contains(new String(needle, StandardCharsets.ISO_8859_1));
    }

    /** Returns the size a listing shows for {@code relative} below the root. */
    public long size(String relative) throws IOException {
        MemoryPath path = path(relative);
        return expect(() -> store.read(files -> files.entry(path).size()));
    }

    /** Returns what {@code view} shows of the directory {@code relative} ("" for the root) holding {@code rows}. */
    public String listing(String relative, String... rows) throws IOException {
        String path = relative.isEmpty() ? MemoryPath.ROOT : MemoryPath.ROOT + "/" + relative;
        List<String> lines = new ArrayList<>();
        lines.add("Here're the files and directories up to 2 levels deep in " + path
                + ", excluding hidden items and node_modules:");
        lines.add(SizeFormat.format(size(relative)) + "\t" + path);
        lines.addAll(List.of(rows));
        return String.join("\n", lines);
    }

    /** Returns the row of a listing for the directory {@code relative} below the root. */
    public String directoryRow(String relative) throws IOException {
        return SizeFormat.format(size(relative)) + "\t" + MemoryPath.ROOT + "/" + relative + "/";
    }

    /** Returns whether anything is at {@code relative} below the root. */
    public boolean exists(String relative) throws IOException {
        MemoryPath path = path(relative);
        return expect(() -> store.read(files -> files.entry(path).exists()));
    }

    /** Returns the names a listing shows in the directory {@code relative} (hidden ones left out), sorted. */
    public List<String> listed(String relative) throws IOException {
        MemoryPath path = path(relative);
        return expect(() -> store.read(files -> files.list(path, 1))).stream()
                .map(entry -> entry.path().substring(entry.path().lastIndexOf('/') + 1))
                .toList();
    }

    /** Returns the names on disk in {@code relative} (hidden and memdir's own included), sorted. */
    public List<String> names(String relative) throws IOException {
        try (Stream<Path> children = Files.list(disk(relative))) {
            return children.map(child -> child.getFileName().toString()).sorted().toList();
        }
    }

    /** Returns the POSIX mode of {@code relative} below the root, as {@code rw-------}. */
    public String mode(String relative) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(disk(relative), LinkOption.NOFOLLOW_LINKS));
    }

    /** Returns where {@code relative} lies on disk; only a memory on the directory store has one. */
    public Path disk(String relative) {
        if (root == null) {
            throw new IllegalStateException("a memory on " + kind + " has no files on disk; this check belongs in"
                    + " a test on the directory store alone");
        }
        return relative.isEmpty() ? root : root.resolve(relative);
    }

    private static MemoryPath path(String relative) {
        String virtual = relative.isEmpty() ? MemoryPath.ROOT : MemoryPath.ROOT + "/" + relative;
        try {
            return MemoryPathParser.parse(virtual);
        } catch (InvalidMemoryPathException e) {
            throw new AssertionError("a test's own path " + virtual + " is refused: " + e.getMessage(), e);
        }
    }

    /** A step of a test's own that must succeed. */
    @FunctionalInterface
    private interface Expected<T> {
        T run() throws IOException, CommandException;
    }

    private static <T> T expect(Expected<T> step) throws IOException {
        try {
            return step.run();
        } catch (CommandException e) {
            throw new AssertionError("a test's own step failed: " + e.text(), e);
        }
    }

    @Override
    public void close() throws IOException {
        store.close();
        if (hand != null) {
            hand.close();
        }
    }
}
