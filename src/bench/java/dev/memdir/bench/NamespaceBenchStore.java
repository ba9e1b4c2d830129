package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A store at {@code url} that keeps namespaces (PostgreSQL, an S3 bucket), opened with {@code storeOptions} (such as
 * {@code --s3-endpoint URL}) and {@code env} (credentials): each memory is a new namespace ({@code bench/UUID}),
 * filled from the seed directory by {@code memdir store copy}, which the bench leaves behind in that store.
 */
final class NamespaceBenchStore implements BenchStore {

    private final String name;
    private final String url;
    private final List<String> storeOptions;
    private final Map<String, String> env;
    private final Workspace workspace;

    NamespaceBenchStore(String name, String url, List<String> storeOptions, Map<String, String> env,
            Workspace workspace) {
        this.name = name;
        this.url = url;
        this.storeOptions = List.copyOf(storeOptions);
        this.env = Map.copyOf(env);
        this.workspace = workspace;
    }

    static NamespaceBenchStore postgres(String url, Workspace workspace) {
        return new NamespaceBenchStore("postgresql", url, List.of(), Map.of(), workspace);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Map<String, String> env() {
        return env;
    }

    /** The same store reached through {@code storeOptions} instead of this one's, as through a proxy. */
    NamespaceBenchStore with(List<String> otherOptions) {
        return new NamespaceBenchStore(name, url, otherOptions, env, workspace);
    }

    @Override
    public List<String> open(Path seed, List<String> limits) throws IOException, InterruptedException {
        List<String> namespaceAndLimits = new ArrayList<>(List.of("--namespace", "bench/" + UUID.randomUUID()));
        namespaceAndLimits.addAll(storeOptions);
        namespaceAndLimits.addAll(limits);
        if (!isEmpty(seed)) {
            copy(seed, namespaceAndLimits);
        }
        List<String> args = new ArrayList<>(List.of("--store", url));
        args.addAll(namespaceAndLimits);
        return args;
    }

    private void copy(Path seed, List<String> namespaceAndLimits) throws IOException, InterruptedException {
        Progress.say("copying " + seed + " into the " + name + " store");
        List<String> copy = new ArrayList<>(List.of("store", "copy", "--from", seed.toString(), "--to", url));
        copy.addAll(namespaceAndLimits);
        new JarCommand(workspace, "store-copy", env).run("memdir store copy of " + seed + " into " + url, copy);
    }

    private static boolean isEmpty(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        }
    }
}
