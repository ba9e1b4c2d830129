package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The key file a run encrypts its memories under: made once by {@code memdir key create}, in the work directory. */
final class BenchKey {

    private BenchKey() {}

    static Path create(Workspace workspace) throws IOException, InterruptedException {
        Progress.say("making a key file: memdir key create");
        Path file = workspace.directory("key").resolve("memdir.key");
        new JarCommand(workspace, "key-create", Map.of()).run("memdir key create " + file,
                List.of("key", "create", file.toString()));
        return file;
    }
}
