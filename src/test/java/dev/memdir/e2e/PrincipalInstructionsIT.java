package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.McpSyncClient.Listening;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A principal's instructions are its memory's files, through the real jar over HTTP on both stores: its listen stream
 * hears {@code memdir://instructions} change when its CLAUDE.md does (the store's watch, not the host's directories),
 * not when a file the resolution never looked at does, and never when another principal's does.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PrincipalInstructionsIT {

    private static final String INSTRUCTIONS = "memdir://instructions";
    private static final String REPORT = "memdir://instructions/report";

    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"directory", "postgres"})
    void aPrincipalHearsItsOwnInstructionsChange(String storeKind) throws Exception {
        List<String> store = TokenServing.store(storeKind, temp);
        String aliceToken = TokenServing.token(temp, store, "--user", "alice");
        String bobToken = TokenServing.token(temp, store, "--user", "bob");
        try (ServingJar server = TokenServing.serve(temp, "127.0.0.1:0", store)) {
            McpSyncClient alice = ModernSdkClient.overHttp(server.mcp(), aliceToken);
            McpSyncClient bob = ModernSdkClient.overHttp(server.mcp(), bobToken);
            SubscriptionEvents events = new SubscriptionEvents();
            try (Listening listening = alice.listen().resourceUpdates(INSTRUCTIONS, REPORT).open(events)) {
                events.awaitSubscribed();
                int first = events.mark();
                create(alice, "/memories/CLAUDE.md", "Be brief.\n");
                events.awaitUpdate(first, INSTRUCTIONS);
                events.awaitUpdate(first, REPORT);
                assertThat(ModernSdkClient.text(alice.resource(INSTRUCTIONS).read())).isEqualTo(
                        "Contents of /memories/CLAUDE.md (project instructions, checked into the codebase):\n\n"
                                + "Be brief.");

                int unrelated = events.mark();
                create(alice, "/memories/notes/today.md", "Nothing the instructions read.\n");
                create(bob, "/memories/CLAUDE.md", "Bob's own.\n");
                Thread.sleep(3000);
                assertThat(events.updatedFrom(unrelated)).as("updates for writes the instructions never read")
                        .isEmpty();

                int edited = events.mark();
                create(alice, "/memories/.claude/rules/style.md", "Four spaces.\n");
                events.awaitUpdate(edited, INSTRUCTIONS);
                assertThat(ModernSdkClient.text(alice.resource(INSTRUCTIONS).read()))
                        .endsWith("Contents of /memories/.claude/rules/style.md (project rule, checked into the"
                                + " codebase):\n\nFour spaces.");
            }
        }
    }

    private static void create(McpSyncClient principal, String path, String text) {
        assertThat(ModernSdkClient.text(principal.tool("create").arguments(Map.of("path", path, "file_text", text))
                .call())).contains("created");
    }
}
