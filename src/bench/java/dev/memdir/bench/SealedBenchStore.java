package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A store opened with {@code --key-file}: its memory encrypted at rest. A key opens only a memory that is encrypted
 * or empty, so the seed must be empty: what the measure needs, it writes through memdir.
 */
record SealedBenchStore(BenchStore store, Path keyFile) implements BenchStore {

    @Override
    public String name() {
        return "sealed " + store.name();
    }

    @Override
    public List<String> open(Path seed, List<String> limits) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(store.open(seed, limits));
        args.addAll(List.of("--key-file", keyFile.toString()));
        return args;
    }

    @Override
    public Map<String, String> env() {
        return store.env();
    }
}
