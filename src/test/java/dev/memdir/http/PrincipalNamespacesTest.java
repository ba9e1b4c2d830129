package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.auth.Principal;
import dev.memdir.config.Settings;
import dev.memdir.config.SettingsResolver;
import dev.memdir.config.StoreChoice;
import dev.memdir.json.SharedJson;
import dev.memdir.server.ServedMemory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrincipalNamespacesTest {

    @TempDir
    Path temp;

    private Settings settings;
    private final List<Principal> opened = new ArrayList<>();

    @BeforeEach
    void settings() throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        settings = new SettingsResolver(Map.of("MEMDIR_HOME", home.resolve(".memdir").toString()), home, temp)
                .resolve(Map.of("root", temp.resolve("memory").toString(),
                        "project", Files.createDirectories(temp.resolve("project")).toString(),
                        "managed-dir", Files.createDirectories(temp.resolve("managed")).toString()));
    }

    private NamespaceServer open(Principal principal) throws IOException {
        opened.add(principal);
        Settings own = NamespaceSettings.of(settings, principal);
        return new NamespaceServer(ServedMemory.open(own, "0", StoreChoice.open(own, principal.name()),
                principal.name()), SharedJson.mcp(), 1024);
    }

    @Test
    void eachPrincipalItsOwnServer_openedOnce_noneAfterClose() throws Exception {
        Principal ann = new Principal("ann", "user/ann", false);
        Principal bob = new Principal("bob", "user/bob", false);
        PrincipalNamespaces servers = new PrincipalNamespaces(this::open, () -> true, () -> { });

        NamespaceServer annServer = servers.forPrincipal(ann).orElseThrow();
        NamespaceServer bobServer = servers.forPrincipal(bob).orElseThrow();

        assertThat(servers.forPrincipal(ann)).containsSame(annServer);
        assertThat(bobServer).isNotSameAs(annServer);
        assertThat(opened).containsExactly(ann, bob);
        servers.close();
        assertThat(servers.forPrincipal(ann)).isEmpty();
    }

    @Test
    void aNamespaceIsADirectoryInTheRootsReservedArea_readOnlyFollowsThePrincipal() {
        Settings own = NamespaceSettings.of(settings, new Principal("ro", "team/backend", true));

        assertThat(own.root()).isEqualTo(temp.resolve("memory/.memdir-namespaces/team/backend"));
        assertThat(own.readOnly()).isTrue();
        assertThat(NamespaceSettings.of(settings, new Principal("rw", "team", false)).readOnly()).isFalse();
    }

    @Test
    void aNamespaceThatCouldClimbOut_isRefused() {
        assertThatThrownBy(() -> NamespaceSettings.of(settings, new Principal("x", "user/../../etc", false)))
                .isInstanceOf(IllegalArgumentException.class);
        PrincipalNamespaces servers = new PrincipalNamespaces(this::open, () -> true, () -> { });
        assertThat(servers.forPrincipal(new Principal("x", "../x", false))).isEmpty();
    }
}
