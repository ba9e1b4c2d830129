package dev.memdir.e2e.support;

import dev.memdir.memory.postgres.LocalPostgres;
import dev.memdir.memory.s3.LocalS3;
import dev.memdir.memory.s3.S3Location;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One fresh memory the jar is pointed at: the options that choose it ({@code --root DIR}, {@code --store
 * postgresql://...}, {@code --store s3://BUCKET/PREFIX}), those that say how to reach it ({@code --s3-endpoint}, which
 * only the commands that open a bucket take), and the environment it needs (a bucket's credentials, never on the
 * command line).
 *
 * @param choice the options that choose the memory
 * @param reach the options that say where its bucket's service is
 * @param env the variables the jar needs to open it
 */
public record JarMemory(List<String> choice, List<String> reach, Map<String, String> env) {

    /**
     * The environment of a jar on {@link LocalS3}: its key, a region so that the SDK looks for none, and no look at the
     * EC2 instance-metadata endpoint, which the SDK's chains would otherwise try (and wait on) off EC2.
     */
    public static final Map<String, String> S3_ENV = Map.of("AWS_ACCESS_KEY_ID", LocalS3.ACCESS_KEY,
            "AWS_SECRET_ACCESS_KEY", LocalS3.SECRET_KEY, "AWS_REGION", LocalS3.REGION,
            "AWS_EC2_METADATA_DISABLED", "true");

    /** A fresh memory of {@code kind}, as {@code EveryStoreTest} names it: "directory" (in {@code temp}), "postgres", "s3". */
    public static JarMemory fresh(String kind, Path temp) throws Exception {
        return switch (kind) {
            case "directory" -> directory(temp.resolve("memory"));
            case "postgres" -> new JarMemory(List.of("--store", LocalPostgres.shared().freshStoreUrl()), List.of(),
                    Map.of());
            case "s3" -> bucket(LocalS3.shared().freshBucket("memdir"), LocalS3.shared());
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** The directory store at {@code root}. */
    public static JarMemory directory(Path root) {
        return new JarMemory(List.of("--root", root.toString()), List.of(), Map.of());
    }

    /** A fresh bucket on the shared {@link LocalS3}, its memory under the prefix {@code memdir}. */
    public static JarMemory freshBucket() {
        return bucket(LocalS3.shared().freshBucket("memdir"), LocalS3.shared());
    }

    /** The bucket {@code location} of {@code server}. */
    public static JarMemory bucket(S3Location location, LocalS3 server) {
        return new JarMemory(List.of("--store", location.toString()),
                List.of("--s3-endpoint", server.endpoint().toString()), S3_ENV);
    }

    /** The same memory, the namespace {@code namespace} of it in a database or a bucket (a directory has none). */
    public JarMemory inNamespace(String namespace) {
        if (choice.get(0).equals("--root")) {
            return this;
        }
        List<String> named = new ArrayList<>(choice);
        named.addAll(List.of("--namespace", namespace));
        return new JarMemory(named, reach, env);
    }

    /** Returns the options of a command that opens the memory: those that choose it and those that reach it. */
    public List<String> options() {
        List<String> options = new ArrayList<>(choice);
        options.addAll(reach);
        return options;
    }

    /** Returns {@code args} followed by {@link #options()}. */
    public String[] after(String... args) {
        List<String> line = new ArrayList<>(List.of(args));
        line.addAll(options());
        return line.toArray(String[]::new);
    }

    /** Returns {@code java -jar memdir.jar args... OPTIONS} with this memory's environment. */
    public JarLauncher launcher(String... args) {
        return JarLauncher.plain(after(args)).env(env);
    }
}
