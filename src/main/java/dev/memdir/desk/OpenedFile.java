package dev.memdir.desk;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.Sha256;
import java.nio.charset.StandardCharsets;

/**
 * A file as it was read: its text and the SHA-256 of its bytes, which an edit of it names as where it started.
 */
public record OpenedFile(MemoryPath path, String text, String sha256, long size) {

    static OpenedFile of(MemoryPath path, byte[] bytes) {
        return new OpenedFile(path, new String(bytes, StandardCharsets.UTF_8), Sha256.hex(bytes), bytes.length);
    }
}
