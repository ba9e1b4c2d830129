package dev.memdir.bench;

import dev.memdir.memory.render.KeyMessages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A store opened with {@code --key-file}: its memory encrypted at rest. A key opens only a memory that is encrypted
 * or empty, so the seed must be empty: what the measure needs, it writes through memdir.
 */
final class SealedBenchStore implements BenchStore {

    private final BenchStore store;
    private final Path keyFile;
    /** The options that open each memory made so far, without the key. */
    private final List<List<String>> opened = new ArrayList<>();

    SealedBenchStore(BenchStore store, Path keyFile) {
        this.store = store;
        this.keyFile = keyFile;
    }

    @Override
    public String name() {
        return "sealed " + store.name();
    }

    @Override
    public List<String> open(Path seed, List<String> limits) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(store.open(seed, limits));
        opened.add(List.copyOf(args));
        args.addAll(List.of("--key-file", keyFile.toString()));
        return args;
    }

    @Override
    public Map<String, String> env() {
        return store.env();
    }

    /**
     * Fails the bench unless every memory made so far is encrypted: {@code memdir history} on it without the key
     * must be refused with the text that says so, so that a store that ran plain cannot pass for a sealed one.
     */
    void checkEncrypted(Workspace workspace) throws IOException, InterruptedException {
        Progress.say("checking that the " + name() + " store's memories are encrypted: opened without the key");
        for (int i = 0; i < opened.size(); i++) {
            // A log of each check's own: a log is appended to, and another check's refusal must not count.
            JarCommand history = new JarCommand(workspace, "seal-check-" + store.name() + "-" + i, env());
            List<String> args = new ArrayList<>(List.of("history", "/memories/note.md"));
            args.addAll(opened.get(i));
            int status = history.status(args);
            if (status == 0 || !Files.readString(history.log()).contains(KeyMessages.encryptedWithoutKey())) {
                throw new BenchFailure("the " + name() + " store's memory (" + String.join(" ", opened.get(i))
                        + ") is not encrypted: memdir history without --key-file exited with " + status
                        + " and did not say '" + KeyMessages.encryptedWithoutKey() + "'; see " + history.log());
            }
        }
    }
}
