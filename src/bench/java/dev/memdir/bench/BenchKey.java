package dev.memdir.bench;

import dev.memdir.memory.seal.KeyFiles;
import java.io.IOException;
import java.nio.file.Path;

/** The key file a run encrypts its memories under: made once, in the work directory, readable by its owner alone. */
final class BenchKey {

    private BenchKey() {}

    static Path create(Workspace workspace) throws IOException {
        Progress.say("making a key file");
        Path file = workspace.directory("key").resolve("memdir.key");
        KeyFiles.create(file);
        return file;
    }
}
