package dev.memdir.http;

import dev.memdir.auth.Principal;
import dev.memdir.auth.PrincipalNames;
import dev.memdir.config.PostgresMemory;
import dev.memdir.config.Settings;
import java.nio.file.Path;

/**
 * The settings that serve one principal: the configured ones moved to the principal's namespace, read-only when
 * either is. On PostgreSQL the namespace is the database's; on the directory store it is a directory inside the
 * root's reserved area, {@code ROOT/.memdir-namespaces/NAMESPACE}, which no tool path can name (reserved
 * {@code .memdir*} names), so the root's own memory and every namespace stay apart.
 */
final class NamespaceSettings {

    static final String DIRECTORY = ".memdir-namespaces";

    private NamespaceSettings() {}

    static Settings of(Settings settings, Principal principal) {
        if (!PrincipalNames.isNamespace(principal.namespace())) {
            throw new IllegalArgumentException("not a namespace: " + principal.namespace());
        }
        Path root = settings.database().isPresent() ? settings.root() : directory(settings.root(), principal);
        var database = settings.database().map(memory -> new PostgresMemory(memory.url(), principal.namespace(),
                memory.login()));
        return new Settings(root, database, settings.storeTimeout(), settings.tools(),
                settings.readOnly() || principal.readOnly(), settings.maxFileBytes(), settings.maxRootBytes(),
                settings.maxFiles(), settings.logLevel(), settings.logFile(), settings.indexBudget(),
                settings.sessionId(), settings.project(), settings.instructions(), settings.searchTool(),
                settings.history(), settings.staleAfter(), settings.oauth(), settings.http());
    }

    /** Returns the directory of a namespace; its segments are plain names (PrincipalNames), so none climbs out. */
    static Path directory(Path root, Principal principal) {
        Path directory = root.resolve(DIRECTORY);
        for (String segment : principal.namespace().split("/")) {
            directory = directory.resolve(segment);
        }
        return directory;
    }
}
