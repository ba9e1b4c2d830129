package dev.memdir.instructions;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The host's file system, as the local user's resolution reads it: anywhere, links followed unless told not to. */
final class HostFiles implements InstructionSource {

    static final HostFiles INSTANCE = new HostFiles();

    private HostFiles() {}

    @Override
    public Optional<Path> confinement() {
        return Optional.empty();
    }

    @Override
    public Optional<Attributes> attributes(Path path, LinkOption... options) {
        try {
            BasicFileAttributes found = Files.readAttributes(path, BasicFileAttributes.class, options);
            return Optional.of(new Attributes(kind(found), found.size()));
        } catch (IOException missing) {
            return Optional.empty();
        }
    }

    @Override
    public List<Child> children(Path directory) throws IOException {
        List<Child> children = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory)) {
            for (Path child : stream) {
                children.add(new Child(child, attributes(child, LinkOption.NOFOLLOW_LINKS).map(Attributes::kind)
                        .orElse(Kind.OTHER)));
            }
        }
        return children;
    }

    @Override
    public byte[] bytes(Path path) throws IOException {
        return Files.readAllBytes(path);
    }

    @Override
    public Path realPath(Path path) throws IOException {
        return path.toRealPath();
    }

    @Override
    public String state(Path path) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
            return attributes.lastModifiedTime().toMillis() + ":" + attributes.lastModifiedTime() + ":"
                    + attributes.size() + ":" + Objects.toString(attributes.fileKey());
        } catch (IOException missing) {
            return "-";
        }
    }

    private static Kind kind(BasicFileAttributes attributes) {
        return attributes.isSymbolicLink() ? Kind.LINK
                : attributes.isDirectory() ? Kind.DIRECTORY
                : attributes.isRegularFile() ? Kind.FILE
                : Kind.OTHER;
    }
}
