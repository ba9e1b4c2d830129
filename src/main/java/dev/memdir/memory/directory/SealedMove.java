package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.ContentSeal;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * A rename in a sealed root. Each file is sealed for its own path, so every moved file is opened at its old path and
 * sealed again at its new one, keeping its times. The copies are written and flushed at the destination before the
 * source is removed: a kill part-way leaves the source whole beside part of the copy, never neither. A link (or a
 * file of memdir's own) below a moved directory moves as it is.
 */
final class SealedMove {

    private SealedMove() {}

    /** Moves the entry {@code sourceName} of {@code sourceParent}, at {@code from}, to {@code targetName}. */
    static void move(ContentSeal seal, MemoryPath from, OpenedDirectory sourceParent, String sourceName,
            MemoryPath to, OpenedDirectory targetParent, String targetName) throws IOException {
        copy(seal, from, sourceParent, sourceName, to, targetParent, targetName);
        targetParent.sync();
        sourceParent.deleteTree(sourceName);
    }

    private static void copy(ContentSeal seal, MemoryPath from, OpenedDirectory sourceParent, String sourceName,
            MemoryPath to, OpenedDirectory targetParent, String targetName) throws IOException {
        BasicFileAttributes attributes = sourceParent.attributes(sourceName);
        if (attributes == null) {
            throw new NoSuchFileException(sourceParent.path().resolve(sourceName).toString());
        }
        if (attributes.isDirectory()) {
            try (OpenedDirectory source = sourceParent.directory(sourceName);
                    OpenedDirectory target = targetParent.newDirectory(targetName)) {
                for (String name : source.names()) {
                    copy(seal, child(from, name), source, name, child(to, name), target, name);
                }
                target.sync();
            }
        } else if (attributes.isRegularFile() && !MemoryNames.reserved(sourceName)) {
            byte[] content = seal.open(from, sourceParent.read(sourceName));
            Reseal.write(targetParent, targetName, seal.seal(to, content), attributes);
        } else {
            sourceParent.move(sourceName, targetParent, targetName);
        }
    }

    private static MemoryPath child(MemoryPath directory, String name) {
        List<String> segments = new ArrayList<>(directory.segments());
        segments.add(name);
        return MemoryPath.of(segments);
    }
}
