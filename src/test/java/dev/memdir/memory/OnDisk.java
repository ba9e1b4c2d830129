package dev.memdir.memory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test of the memory tool on the directory store alone, of what only files on disk have: modes, links, memdir's
 * own files beside the memory, a root deleted behind memdir's back. Each test starts on an empty memory with the
 * default limits, at {@code <temp>/memories}.
 */
abstract class OnDisk {

    @TempDir Path temp;
    @AutoClose MemoryFixture memory;

    @BeforeEach
    void openMemory() throws IOException {
        memory = MemoryFixture.open(temp);
    }

    /** Makes the directory {@code <temp>/outside}, beside the memory, holding {@code secret.txt} with {@code secret}. */
    Path outsideHolding(String secret) throws IOException {
        Path outside = Files.createDirectories(temp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), secret);
        return outside;
    }
}
