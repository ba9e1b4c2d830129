package dev.memdir.memory;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;

/** A test of the memory tool on every store: each test starts on an empty memory with the default limits. */
@EveryStore
public abstract class OnEveryStore {

    @Parameter protected StoreKind kind;
    @TempDir protected Path temp;
    @AutoClose protected MemoryFixture memory;

    @BeforeEach
    protected void openMemory() throws IOException {
        memory = MemoryFixture.open(temp, kind);
    }
}
