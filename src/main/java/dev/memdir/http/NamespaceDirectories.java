package dev.memdir.http;

import dev.memdir.auth.PrincipalNames;
import dev.memdir.memory.directory.ReservedFile;
import dev.memdir.memory.path.MemoryNames;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where the directory store keeps each namespace served over HTTP: one directory per namespace, all side by side in
 * the root's reserved area {@code ROOT/.memdir-namespaces}, which no tool path can name. A directory's name is its
 * namespace with every {@code /} written {@code +}, a character no namespace holds, so that two namespaces never
 * share a directory and none lies inside another ({@code team} is {@code team}, {@code team/backend} is
 * {@code team+backend} beside it). A namespace is at most 200 characters of ASCII, so its name fits any file
 * system's 255 bytes; it starts with no dot, so it is never one of memdir's reserved names.
 *
 * <p>A file system that ignores case (macOS's, by default) would give {@code user/Alice} and {@code user/alice}
 * one directory: each directory records its namespace in {@value #RECORD} (reserved, so no tool sees it), and a
 * namespace that finds another's record there is refused instead of sharing it.
 */
public final class NamespaceDirectories {

    static final String AREA = MemoryNames.RESERVED_PREFIX + "-namespaces";
    static final String RECORD = MemoryNames.RESERVED_PREFIX + "-namespace";

    private NamespaceDirectories() {}

    /** Returns the name of the directory of {@code namespace} inside the area. */
    static String name(String namespace) {
        return namespace.replace('/', '+');
    }

    /** Returns the directory of {@code namespace}, a namespace name (PrincipalNames), below {@code root}. */
    static Path directory(Path root, String namespace) {
        return root.resolve(AREA).resolve(name(namespace));
    }

    /**
     * Makes {@code directory} (mode 0700, when missing) the directory of {@code namespace}: records the namespace
     * there when nothing is recorded yet, and refuses a directory that records another.
     */
    static void claim(Path directory, String namespace) throws IOException {
        byte[] recorded = (namespace + "\n").getBytes(StandardCharsets.US_ASCII);
        ReservedFile.in(directory, RECORD).update(current -> {
            if (current.isEmpty()) {
                return ReservedFile.Change.write(recorded, null);
            }
            if (Arrays.equals(current.get(), recorded)) {
                return ReservedFile.Change.none(null);
            }
            throw new IOException("the directory " + directory + " holds " + owner(current.get()) + ", not "
                    + namespace + " (on a file system that ignores case, names that differ only in case share a"
                    + " directory); refused rather than shared");
        });
    }

    /** Returns the directory of every namespace served so far below {@code root}, in no order. */
    public static List<Path> every(Path root) throws IOException {
        Path area = root.resolve(AREA);
        if (!Files.isDirectory(area, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> directories = Files.list(area)) {
            return directories.filter(directory -> Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)).toList();
        }
    }

    /** Names the namespace that {@code record} names, shown only when it is a namespace name. */
    private static String owner(byte[] record) {
        String text = new String(record, StandardCharsets.US_ASCII).strip();
        return PrincipalNames.isNamespace(text) ? "namespace " + text : "another namespace";
    }
}
