package dev.memdir.instructions;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The resolution of one project, kept until a file that took part, or could have (a new CLAUDE.md in a
 * walked directory), changes. The project can move (a client's roots changed).
 */
public final class InstructionsCache {

    private InstructionResolver resolver;
    private Instructions current;
    private Consulted.Fingerprint fingerprint;

    /** Caches resolutions on the host's file system. */
    public InstructionsCache(InstructionLocations locations) {
        this(new InstructionResolver(locations));
    }

    public InstructionsCache(InstructionResolver resolver) {
        this.resolver = resolver;
    }

    public synchronized InstructionResolver resolver() {
        return resolver;
    }

    /** Returns the current resolution, resolving again only when something it consulted changed. */
    public synchronized Instructions current() throws IOException {
        refresh();
        return current;
    }

    /** Resolves again if anything consulted changed; returns whether the resolution may have changed. */
    public synchronized boolean refresh() throws IOException {
        if (current != null && current.consulted().fingerprint().equals(fingerprint)) {
            return false;
        }
        Instructions resolved = resolver.resolve();
        fingerprint = resolved.consulted().fingerprint();
        current = resolved;
        return true;
    }

    /** Points the cache at another project directory; returns whether it moved. */
    public synchronized boolean moveTo(Path project) {
        Path normalized = project.toAbsolutePath().normalize();
        if (normalized.equals(resolver.locations().projectDirectory())) {
            return false;
        }
        resolver = new InstructionResolver(resolver.locations().withProject(normalized), resolver.source());
        current = null;
        return true;
    }
}
