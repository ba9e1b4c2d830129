package dev.memdir.memory;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;

/** A test of the memory tool on every store: each test starts on an empty memory with the default limits. */
@EveryStore
abstract class OnEveryStore {

    @Parameter StoreKind kind;
    @TempDir Path temp;
    @AutoClose MemoryFixture memory;

    @BeforeEach
    void openMemory() throws IOException {
        memory = MemoryFixture.open(temp, kind);
    }
}
