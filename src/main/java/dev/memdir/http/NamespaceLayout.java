package dev.memdir.http;

import dev.memdir.auth.PrincipalNames;
import dev.memdir.memory.directory.DirectoryRoots;
import dev.memdir.memory.directory.ReservedFile;
import dev.memdir.memory.path.MemoryNames;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves the namespaces of a directory store from the nested layout of earlier memdirs, where namespace
 * {@code team/backend} was the directory {@code team/backend} of the area and so lay inside {@code team}'s memory,
 * to the flat one of {@link NamespaceDirectories}. A namespace's directory is one that holds what only a store's
 * root holds (its lock, usage ledger or history). The deepest namespaces go first, each by one atomic rename with
 * everything in it (files, history, usage ledger), after its namespace is recorded in it; the directories left empty
 * on the way that were no namespace are removed. It runs under the area's lock, so two servers starting at once
 * move each namespace once, and ends by recording the flat layout in {@value #RECORD}, so later starts walk nothing;
 * a crash part-way leaves every namespace whole in the old place or the new, and the next start goes on from there.
 */
final class NamespaceLayout {

    static final String RECORD = MemoryNames.RESERVED_PREFIX + "-layout";

    private static final Logger LOG = LoggerFactory.getLogger(NamespaceLayout.class);
    private static final byte[] FLAT = "flat: one directory per namespace, '/' written '+'\n"
            .getBytes(StandardCharsets.US_ASCII);

    private NamespaceLayout() {}

    /** Moves the namespaces below {@code root} to the flat layout, unless the layout is flat already. */
    static void flatten(Path root) throws IOException {
        Path area = root.resolve(NamespaceDirectories.AREA);
        ReservedFile.in(area, RECORD).update(current -> {
            if (current.isPresent() && Arrays.equals(current.get(), FLAT)) {
                return ReservedFile.Change.none(null);
            }
            for (Path nested : nested(area)) {
                move(area, nested);
            }
            for (Path top : tops(area)) {
                if (DirectoryRoots.isRoot(top)) {
                    recordIfUnrecorded(top, top.getFileName().toString().replace('+', '/'));
                } else {
                    removeEmptyDirectories(top);
                }
            }
            return ReservedFile.Change.write(FLAT, null);
        });
    }

    /** Returns the namespace directories that lie inside a directory of the area, the deepest first. */
    private static List<Path> nested(Path area) throws IOException {
        List<Path> found = new ArrayList<>();
        for (Path top : tops(area)) {
            Files.walkFileTree(top, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
                    if (directory.equals(top)) {
                        return FileVisitResult.CONTINUE;
                    }
                    if (MemoryNames.reserved(directory.getFileName().toString())) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    if (DirectoryRoots.isRoot(directory)) {
                        found.add(directory);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        }
        found.sort(Comparator.comparingInt(Path::getNameCount).reversed().thenComparing(Comparator.naturalOrder()));
        return found;
    }

    /** Returns the directories of the area (links and memdir's own entries left out). */
    private static List<Path> tops(Path area) throws IOException {
        List<Path> tops = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(area)) {
            for (Path entry : entries) {
                if (!MemoryNames.reserved(entry.getFileName().toString())
                        && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    tops.add(entry);
                }
            }
        }
        return tops;
    }

    private static void move(Path area, Path nested) throws IOException {
        String namespace = StreamSupport.stream(area.relativize(nested).spliterator(), false).map(Path::toString)
                .collect(Collectors.joining("/"));
        if (!PrincipalNames.isNamespace(namespace)) {
            // No memdir made it: a namespace is named by plain names only.
            LOG.warn("Left {} where it is: it looks like a memory, but {} is no namespace name", nested, namespace);
            return;
        }
        Path target = NamespaceDirectories.directory(area.getParent(), namespace);
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("cannot move namespace " + namespace + " from " + nested + " to " + target
                    + ", which exists already (was an older memdir run after this one?); move one of them aside by"
                    + " hand, or merge them");
        }
        recordIfUnrecorded(nested, namespace);
        Files.move(nested, target, StandardCopyOption.ATOMIC_MOVE);
        LOG.info("Moved namespace {} from {} to {}", namespace, nested, target);
        for (Path parent = nested.getParent(); !parent.equals(area) && isEmpty(parent); parent = parent.getParent()) {
            Files.delete(parent);
        }
    }

    private static void recordIfUnrecorded(Path directory, String namespace) throws IOException {
        if (PrincipalNames.isNamespace(namespace)
                && !Files.exists(directory.resolve(NamespaceDirectories.RECORD), LinkOption.NOFOLLOW_LINKS)) {
            NamespaceDirectories.claim(directory, namespace);
        }
    }

    /**
     * Removes the directories below {@code top}, itself included, that hold nothing but empty directories: what a
     * crash between a move and the removal of the directories it emptied leaves of a directory that was no namespace.
     */
    private static void removeEmptyDirectories(Path top) throws IOException {
        Files.walkFileTree(top, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult postVisitDirectory(Path directory, IOException failed) throws IOException {
                if (failed != null) {
                    throw failed;
                }
                if (isEmpty(directory)) {
                    Files.delete(directory);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static boolean isEmpty(Path directory) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            return !entries.iterator().hasNext();
        }
    }
}
