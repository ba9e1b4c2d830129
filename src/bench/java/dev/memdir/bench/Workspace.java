package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The run's work directory: a directory per server or fixture, and a stderr log per server. */
final class Workspace {

    private final Path work;

    Workspace(Path work) {
        this.work = work;
    }

    /** {@code work/name}, created if missing. */
    Path directory(String name) throws IOException {
        return Files.createDirectories(work.resolve(name));
    }

    /** {@code work/logs/name.log}, where a server's stderr goes. */
    Path log(String name) throws IOException {
        return directory("logs").resolve(name + ".log");
    }
}
