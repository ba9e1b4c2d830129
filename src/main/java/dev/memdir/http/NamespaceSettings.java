package dev.memdir.http;

import dev.memdir.auth.Principal;
import dev.memdir.auth.PrincipalNames;
import dev.memdir.config.NamespaceMemory;
import dev.memdir.config.Settings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The settings that serve one principal: the configured ones moved to the principal's namespace, read-only when
 * either is. On PostgreSQL and S3 the namespace is the database's or the bucket's; on the directory store it is the
 * namespace's own directory in the root's reserved area ({@link NamespaceDirectories}), which no tool path can name,
 * so the root's own memory and every namespace stay apart, and no namespace lies inside another.
 */
final class NamespaceSettings {

    private NamespaceSettings() {}

    static Settings of(Settings settings, Principal principal) {
        if (!PrincipalNames.isNamespace(principal.namespace())) {
            throw new IllegalArgumentException("not a namespace: " + principal.namespace());
        }
        Path root = settings.store().isPresent() ? settings.root()
                : NamespaceDirectories.directory(settings.root(), principal.namespace());
        Optional<NamespaceMemory> store = settings.store().map(memory -> memory.inNamespace(principal.namespace()));
        return settings.withRoot(root).withStore(store).withReadOnly(settings.readOnly() || principal.readOnly());
    }

    /**
     * As {@link #of}, once the principal's namespace owns its directory on the directory store (created when
     * missing); refuses a directory that another namespace owns ({@link NamespaceDirectories#claim}).
     */
    static Settings claimed(Settings settings, Principal principal) throws IOException {
        Settings own = of(settings, principal);
        if (own.store().isEmpty()) {
            NamespaceDirectories.claim(own.root(), principal.namespace());
        }
        return own;
    }

    /** On the directory store, moves apart the namespaces an earlier memdir nested ({@link NamespaceLayout}). */
    static void unnest(Settings settings) throws IOException {
        if (settings.store().isEmpty()) {
            NamespaceLayout.flatten(settings.root());
        }
    }
}
