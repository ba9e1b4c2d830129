package dev.memdir.memory.s3;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.KeyMessages;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.StoreFault;
import java.io.IOException;
import java.util.List;

/**
 * A namespace's manifests (its commits' heads and its bases, which name every path, size and SHA-256) kept whole as
 * the namespace's seal keeps contents, each bound to its object's name below the namespace: a sealed bucket shows
 * no name, size or hash of a file, and a manifest copied to another name or namespace does not open.
 */
final class ManifestSeal {

    /** The first segment of a manifest's binding: a NUL, which no memory path holds, so no file opens as one. */
    private static final String RESERVED = "\0manifest";

    private ManifestSeal() {}

    /** Returns what to store for the manifest {@code json} at {@code name} ({@code commits/...}, {@code bases/...}). */
    static byte[] seal(ContentSeal seal, String name, byte[] json) throws IOException {
        return seal.seal(at(name), json);
    }

    /** Returns the manifest {@code stored} at {@code name} holds; one that does not open is refused, naming it. */
    static byte[] open(ContentSeal seal, String name, byte[] stored) throws StoreFault {
        try {
            return seal.open(at(name), stored);
        } catch (StoreFault e) {
            throw new StoreFault(KeyMessages.manifestBrokenAnswer(name),
                    new IOException(KeyMessages.manifestBroken(name), e));
        }
    }

    private static MemoryPath at(String name) {
        return new MemoryPath(name, List.of(RESERVED, name));
    }
}
