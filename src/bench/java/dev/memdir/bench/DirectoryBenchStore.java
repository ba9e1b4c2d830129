package dev.memdir.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The directory store: the seed directory is the memory's root. */
final class DirectoryBenchStore implements BenchStore {

    @Override
    public String name() {
        return "directory";
    }

    @Override
    public List<String> open(Path seed, List<String> limits) {
        List<String> args = new ArrayList<>(List.of("--root", seed.toString()));
        args.addAll(limits);
        return args;
    }
}
