package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.auth.Principal;
import dev.memdir.config.Settings;
import dev.memdir.config.SettingsResolver;
import dev.memdir.json.SharedJson;
import dev.memdir.server.ServedMemory;
import dev.memdir.wiring.StoreChoice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SingleNamespaceTest {

    @TempDir
    Path temp;

    private NamespaceServer server;

    @BeforeEach
    void serve() throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        Settings settings = new SettingsResolver(Map.of("MEMDIR_HOME", home.resolve(".memdir").toString()), home,
                temp).resolve(Map.of("root", temp.resolve("memory").toString(),
                        "project", Files.createDirectories(temp.resolve("project")).toString(),
                        "managed-dir", Files.createDirectories(temp.resolve("managed")).toString()));
        ServedMemory memory = ServedMemory.open(settings, "0", StoreChoice.open(settings, "s-1"), "s-1");
        server = new NamespaceServer(memory, SharedJson.mcp(), 1024, new ParseLimits(1024));
    }

    @AfterEach
    void close() throws Exception {
        server.close();
    }

    @Test
    void principalOfTheNamespace_served_othersNot() {
        SingleNamespace servers = new SingleNamespace("team", false, server);

        assertThat(servers.forPrincipal(new Principal("ann", "team", false)))
                .map(ServerUse::server).containsSame(server);
        assertThat(servers.forPrincipal(new Principal("ann", "team2", false))).isEmpty();
        assertThat(servers.forPrincipal(new Principal("ann", "tea", false))).isEmpty();
    }

    @Test
    void readOnlyPrincipal_notServedByAWritableServer() {
        assertThat(new SingleNamespace("team", false, server).forPrincipal(new Principal("ro", "team", true)))
                .isEmpty();
    }

    @Test
    void readOnlyServer_servesEveryPrincipalOfItsNamespace() {
        SingleNamespace servers = new SingleNamespace("team", true, server);

        assertThat(servers.forPrincipal(new Principal("ro", "team", true)))
                .map(ServerUse::server).containsSame(server);
        assertThat(servers.forPrincipal(new Principal("rw", "team", false)))
                .map(ServerUse::server).containsSame(server);
    }

    @Test
    void storeAnswers_whileOpen() {
        assertThat(new SingleNamespace("team", false, server).storeAnswers()).isTrue();
    }
}
