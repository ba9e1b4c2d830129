package dev.memdir.server;

import dev.memdir.instructions.InstructionsCache;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
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

    ProjectRoots(InstructionsCache cache, boolean configured, Path fallback) {
        this.cache = cache;
        this.configured = configured;
        this.fallback = fallback;
    }

    /**
     * Asks the client for its roots the first time instructions are needed, if it offers roots. A 2026-07-28
     * request has no exchange (roots are deprecated there): the project stays as configured.
     */
    synchronized void askOnce(McpSyncServerExchange exchange) {
        if (configured || asked || exchange == null) {
            return;
        }
        asked = true;
        McpSchema.ClientCapabilities capabilities = exchange.getClientCapabilities();
        if (capabilities == null || capabilities.roots() == null) {
            return;
        }
        try {
            follow(exchange.listRoots().roots());
        } catch (RuntimeException e) {
            log.warn("The client did not list its roots ({}); the project stays {}", e.getMessage(), fallback);
        }
    }

    /** Moves the project to the first root; returns whether it moved. */
    synchronized boolean follow(List<McpSchema.Root> roots) {
        if (configured) {
            return false;
        }
        asked = true;
        Path project = roots.stream().map(ProjectRoots::directory).flatMap(Optional::stream).findFirst()
                .orElse(fallback);
        return cache.moveTo(project);
    }

    private static Optional<Path> directory(McpSchema.Root root) {
        try {
            URI uri = URI.create(root.uri());
            return "file".equals(uri.getScheme()) ? Optional.of(Path.of(uri)) : Optional.empty();
        } catch (IllegalArgumentException | FileSystemNotFoundException notAFileUri) {
            return Optional.empty();
        }
    }
}
