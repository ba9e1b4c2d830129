package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Where a benchmarked memdir keeps its memory: the server options that point it there. */
interface BenchStore {

    /** The column this store's figures go in. */
    String name();

    /**
     * Makes a memory holding what {@code seed} holds (files written there before the call) and returns the server
     * options that open it, {@code limits} (such as {@code --max-file-bytes 2M}) included.
     */
    List<String> open(Path seed, List<String> limits) throws IOException, InterruptedException;

    /** What the server's environment needs besides the bench's to reach the store (credentials). */
    default Map<String, String> env() {
        return Map.of();
    }
}
