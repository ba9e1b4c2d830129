package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.index.IndexBudget;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A memory store on real disk below a test's temp directory, and short ways to call the tool on it.
 * The root is {@code <temp>/memories}, so a test can also place things beside it, outside the root.
 */
final class MemoryFixture implements AutoCloseable {

    static final long DEFAULT_MAX_FILE_BYTES = 100 * 1024;
    static final Instant NOW = Instant.parse("2026-11-29T10:15:00Z");
    static final String SESSION = "session-under-test";

    final Path root;
    final DirectoryStore store;
    final MemoryTool tool;

    private MemoryFixture(Path root, DirectoryStore store, boolean readOnly) {
        this.root = root;
        this.store = store;
        this.tool = new MemoryTool(store, stamper(), readOnly, IndexBudget.DEFAULT);
    }

    static MemoryFixture open(Path tempDir) throws IOException {
        return open(tempDir, DEFAULT_MAX_FILE_BYTES, false);
    }

    static MemoryFixture open(Path tempDir, long maxFileBytes, boolean readOnly) throws IOException {
        DirectoryStore store = DirectoryStore.open(tempDir.resolve("memories"), StoreLimits.perFile(maxFileBytes), SESSION);
        return new MemoryFixture(store.root(), store, readOnly);
    }

    /** Returns a stamper with a fixed clock ({@link #NOW}) and session ({@link #SESSION}). */
    static FrontmatterStamper stamper() {
        return new FrontmatterStamper(Clock.fixed(NOW, ZoneOffset.UTC), SESSION);
    }

    /** Returns {@code key1, value1, key2, value2, ...} as a map; values may be null. */
    static Map<String, Object> args(Object... keysAndValues) {
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /** Runs a command that must succeed with text, and returns the text. */
    String text(String command, Object... keysAndValues) throws CommandException {
        CommandOutput output = tool.call(command, args(keysAndValues));
        assertThat(output).isInstanceOf(CommandOutput.Text.class);
        return ((CommandOutput.Text) output).text();
    }

    /** Runs a command that must fail, and returns its error text. */
    String error(String command, Object... keysAndValues) {
        CommandException e = catchThrowableOfType(CommandException.class,
                () -> tool.call(command, args(keysAndValues)));
        assertThat(e).as("%s %s should fail", command, args(keysAndValues)).isNotNull();
        return e.text();
    }

    /** Returns the text of {@code view path}. */
    String view(String path) throws CommandException {
        return text("view", "path", path);
    }

    /** Writes {@code content} (UTF-8) at {@code relative} below the root, creating directories. */
    Path write(String relative, String content) throws IOException {
        return writeBytes(relative, content.getBytes(StandardCharsets.UTF_8));
    }

    Path writeBytes(String relative, byte[] content) throws IOException {
        Path file = disk(relative);
        Files.createDirectories(file.getParent());
        return Files.write(file, content);
    }

    Path mkdirs(String relative) throws IOException {
        return Files.createDirectories(disk(relative));
    }

    /** Returns the content of {@code relative} below the root, as UTF-8. */
    String read(String relative) throws IOException {
        return Files.readString(disk(relative), StandardCharsets.UTF_8);
    }

    /** Returns the names in {@code relative} (hidden ones included), sorted. */
    List<String> names(String relative) throws IOException {
        try (Stream<Path> children = Files.list(disk(relative))) {
            return children.map(child -> child.getFileName().toString()).sorted().toList();
        }
    }

    /** Returns the POSIX mode of {@code relative} below the root, as {@code rw-------}. */
    String mode(String relative) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(disk(relative), LinkOption.NOFOLLOW_LINKS));
    }

    Path disk(String relative) {
        return relative.isEmpty() ? root : root.resolve(relative);
    }

    @Override
    public void close() throws IOException {
        store.close();
    }
}
