package dev.memdir.instructions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every path a resolution looked at, found or not: when none of them changed, neither did the result.
 * A directory counts too, since a new file in it (a new CLAUDE.md, a new rule) changes its time.
 */
public final class Consulted {

    private final InstructionSource source;
    private final Set<Path> paths = new LinkedHashSet<>();

    Consulted(InstructionSource source) {
        this.source = source;
    }

    void add(Path path) {
        paths.add(path);
    }

    /** Returns the paths, in the order they were first looked at. */
    public Set<Path> paths() {
        return Set.copyOf(paths);
    }

    /** Returns the state of every consulted path now; equal fingerprints mean an unchanged resolution. */
    public Fingerprint fingerprint() {
        List<String> states = new ArrayList<>(paths.size());
        for (Path path : paths) {
            states.add(path + "|" + source.state(path));
        }
        return new Fingerprint(states);
    }

    /** The state of a resolution's consulted paths at one moment. */
    public record Fingerprint(List<String> states) {

        public Fingerprint {
            states = List.copyOf(states);
        }
    }
}
