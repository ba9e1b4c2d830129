package dev.memdir.memory.directory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An {@link OpenedDirectory} where Java offers no {@link java.nio.file.SecureDirectoryStream} (Windows, macOS before
 * Java 24): every name is resolved by path, each entry checked just before its use. A link swapped in between the
 * check and the use can be followed there.
 */
final class PathDirectory implements OpenedDirectory {

    private final Path path;

    PathDirectory(Path path) {
        this.path = path;
    }

    @Override
    public Path path() {
        return path;
    }

    @Override
    public BasicFileAttributes attributes(String name) throws IOException {
        try {
            return Files.readAttributes(entry(name), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException none) {
            return null;
        }
    }

    @Override
    public OpenedDirectory directory(String name) throws IOException {
        BasicFileAttributes attributes = attributes(name);
        if (attributes == null) {
            throw new NoSuchFileException(entry(name).toString());
        }
        if (attributes.isSymbolicLink()) {
            throw new FileSystemException(entry(name).toString(), null, "a symbolic link, not followed");
        }
        if (!attributes.isDirectory()) {
            throw new NotDirectoryException(entry(name).toString());
        }
        return new PathDirectory(entry(name));
    }

    @Override
    public OpenedDirectory newDirectory(String name) throws IOException {
        Path made = entry(name);
        Files.createDirectory(made, FilePermissions.privateDirectory(made));
        return new PathDirectory(made);
    }

    @Override
    public byte[] read(String name) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(entry(name), StandardOpenOption.READ,
                LinkOption.NOFOLLOW_LINKS);
                InputStream in = Channels.newInputStream(channel)) {
            return in.readAllBytes();
        }
    }

    @Override
    public FileChannel newFile(String name) throws IOException {
        Path file = entry(name);
        return FileChannel.open(file, FilePermissions.createOptions(StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE), FilePermissions.privateFile(file));
    }

    @Override
    public Optional<PosixFileAttributeView> posix(String name) {
        return Optional.ofNullable(
                Files.getFileAttributeView(entry(name), PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS));
    }

    @Override
    public List<String> names() throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
            entries.forEach(entry -> names.add(entry.getFileName().toString()));
        }
        return names;
    }

    @Override
    public void move(String name, OpenedDirectory target, String targetName) throws IOException {
        Files.move(entry(name), target.path().resolve(OpenedDirectory.checkedName(targetName)),
                StandardCopyOption.ATOMIC_MOVE);
    }

    @Override
    public void deleteFile(String name) throws IOException {
        Files.delete(entry(name));
    }

    @Override
    public void deleteDirectory(String name) throws IOException {
        Files.delete(entry(name));
    }

    @Override
    public void sync() throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    @Override
    public void close() {
        // nothing is held open
    }

    private Path entry(String name) {
        return path.resolve(OpenedDirectory.checkedName(name));
    }
}
