package dev.memdir.server;

import dev.memdir.instructions.InstructionsCache;
import dev.memdir.server.feature.Client;
import java.net.URI;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the project is: the configured directory, else the client's first root (asked once, then followed
 * as the client's roots change), else the working directory.
 */
final class ProjectRoots {

    private static final Logger log = LoggerFactory.getLogger(ProjectRoots.class);

    private final InstructionsCache cache;
    private final boolean configured;
    private final Path fallback;
    private boolean asked;

    /** {@code configured}: the project stays where {@code cache} has it, whatever the client's roots. */
    ProjectRoots(InstructionsCache cache, boolean configured) {
        this.cache = cache;
        this.configured = configured;
        this.fallback = cache.resolver().locations().projectDirectory();
    }

    /**
     * Asks the client for its roots the first time instructions are needed, if it offers roots. A 2026-07-28
     * client has none (roots are deprecated there): the project stays as configured.
     */
    synchronized void askOnce(Client client) {
        if (configured || asked || client.roots().isEmpty()) {
            return;
        }
        asked = true;
        Client.Roots roots = client.roots().get();
        if (!roots.declared()) {
            return;
        }
        try {
            follow(roots.list());
        } catch (RuntimeException e) {
            log.warn("The client did not list its roots ({}); the project stays {}", e.getMessage(), fallback);
        }
    }

    /** Moves the project to the first root ({@code roots} are their URIs); returns whether it moved. */
    synchronized boolean follow(List<String> roots) {
        if (configured) {
            return false;
        }
        asked = true;
        Path project = roots.stream().map(ProjectRoots::directory).flatMap(Optional::stream).findFirst()
                .orElse(fallback);
        return cache.moveTo(project);
    }

    private static Optional<Path> directory(String root) {
        try {
            URI uri = URI.create(root);
            return "file".equals(uri.getScheme()) ? Optional.of(Path.of(uri)) : Optional.empty();
        } catch (IllegalArgumentException | FileSystemNotFoundException notAFileUri) {
            return Optional.empty();
        }
    }
}
