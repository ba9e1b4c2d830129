package dev.memdir.memory.directory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An {@link OpenedDirectory} on a {@link SecureDirectoryStream}: every name is resolved relative to the opened
 * directory, without following a link ({@code openat}, {@code fstatat}, {@code renameat}, {@code unlinkat}).
 */
final class SecureDirectory implements OpenedDirectory {

    private static final Path SELF = Path.of(".");

    private final SecureDirectoryStream<Path> stream;
    private final Path path;
    /** The store's root, where a new directory is made before it is moved into place; null for the root itself. */
    private final SecureDirectory root;
    /** A stream lists its entries once; later listings open the directory again. */
    private boolean listed;

    private SecureDirectory(SecureDirectoryStream<Path> stream, Path path, SecureDirectory root) {
        this.stream = stream;
        this.path = path;
        this.root = root;
    }

    static SecureDirectory root(SecureDirectoryStream<Path> stream, Path path) {
        return new SecureDirectory(stream, path, null);
    }

    @Override
    public Path path() {
        return path;
    }

    @Override
    public BasicFileAttributes attributes(String name) throws IOException {
        try {
            return stream.getFileAttributeView(entry(name), BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .readAttributes();
        } catch (NoSuchFileException none) {
            return null;
        }
    }

    @Override
    public OpenedDirectory directory(String name) throws IOException {
        return child(stream.newDirectoryStream(entry(name), LinkOption.NOFOLLOW_LINKS), name);
    }

    /**
     * Java has no {@code mkdirat}: the directory is made under a temp name in the root, whose path no principal can
     * change (a root's parents are the operator's), opened there, and renamed into this directory relative to both
     * opened directories. A kill in between leaves an empty temp directory in the root, removed at the next start.
     */
    @Override
    public OpenedDirectory newDirectory(String name) throws IOException {
        if (attributes(name) != null) {
            throw new FileAlreadyExistsException(path.resolve(name).toString());
        }
        SecureDirectory root = root();
        String temp = AtomicFiles.tempName();
        Path made = root.path.resolve(temp);
        Files.createDirectory(made, FilePermissions.privateDirectory(made));
        SecureDirectoryStream<Path> opened = null;
        try {
            opened = root.stream.newDirectoryStream(entry(temp), LinkOption.NOFOLLOW_LINKS);
            root.stream.move(entry(temp), stream, entry(name));
        } catch (IOException | RuntimeException e) {
            try (SecureDirectoryStream<Path> unused = opened) {
                root.stream.deleteDirectory(entry(temp));
            } catch (IOException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        }
        return child(opened, name);
    }

    @Override
    public byte[] read(String name) throws IOException {
        try (SeekableByteChannel channel = stream.newByteChannel(entry(name),
                Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
                InputStream in = Channels.newInputStream(channel)) {
            return in.readAllBytes();
        }
    }

    @Override
    public FileChannel newFile(String name) throws IOException {
        return (FileChannel) stream.newByteChannel(entry(name), Set.of(StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), FilePermissions.privateFile(path));
    }

    @Override
    public Optional<PosixFileAttributeView> posix(String name) {
        return Optional.ofNullable(
                stream.getFileAttributeView(entry(name), PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS));
    }

    @Override
    public List<String> names() throws IOException {
        if (listed) {
            try (SecureDirectoryStream<Path> again = stream.newDirectoryStream(SELF, LinkOption.NOFOLLOW_LINKS)) {
                return names(again.iterator());
            }
        }
        listed = true;
        return names(stream.iterator());
    }

    private static List<String> names(Iterator<Path> entries) {
        List<String> names = new ArrayList<>();
        entries.forEachRemaining(entry -> names.add(entry.getFileName().toString()));
        return names;
    }

    @Override
    public void move(String name, OpenedDirectory target, String targetName) throws IOException {
        stream.move(entry(name), ((SecureDirectory) target).stream, entry(targetName));
    }

    @Override
    public void deleteFile(String name) throws IOException {
        stream.deleteFile(entry(name));
    }

    @Override
    public void deleteDirectory(String name) throws IOException {
        stream.deleteDirectory(entry(name));
    }

    @Override
    public void sync() throws IOException {
        try (FileChannel channel = (FileChannel) stream.newByteChannel(SELF, Set.of(StandardOpenOption.READ))) {
            channel.force(true);
        }
    }

    @Override
    public void close() throws IOException {
        stream.close();
    }

    private SecureDirectory root() {
        return root == null ? this : root;
    }

    private SecureDirectory child(SecureDirectoryStream<Path> opened, String name) {
        return new SecureDirectory(opened, path.resolve(name), root());
    }

    private static Path entry(String name) {
        return Path.of(OpenedDirectory.checkedName(name));
    }
}
