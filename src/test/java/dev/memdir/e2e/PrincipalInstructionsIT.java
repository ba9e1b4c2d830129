package dev.memdir.e2e;

import static dev.memdir.e2e.support.MemdirUris.INSTRUCTIONS;
import static dev.memdir.e2e.support.MemdirUris.REPORT;
import static dev.memdir.e2e.support.MemdirUris.STATUS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.EveryStoreTest;
import dev.memdir.e2e.support.ModernSdkClient;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.SubscriptionEvents;
import dev.memdir.e2e.support.TokenStore;
import io.modelcontextprotocol.modern.client.McpSyncClient.Listening;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A principal's instructions are its memory's files, through the real jar over HTTP on both stores: its listen stream
 * hears {@code memdir://instructions} change when its CLAUDE.md does (the store's watch, not the host's directories),
 * not when a file the resolution never looked at does, and never when another principal's does.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PrincipalInstructionsIT {

    @EveryStoreTest
    void aPrincipalHearsItsOwnInstructionsChange(String storeKind, @TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh(storeKind, temp);
        String aliceToken = store.token("alice");
        String bobToken = store.token("bob");
        try (ServingJar server = store.serve()) {
            McpSyncClient alice = ModernSdkClient.overHttp(server.mcp(), aliceToken);
            McpSyncClient bob = ModernSdkClient.overHttp(server.mcp(), bobToken);
            SubscriptionEvents events = new SubscriptionEvents();
            try (Listening listening = alice.listen().resourceUpdates(INSTRUCTIONS, REPORT, STATUS).open(events)) {
                events.awaitSubscribed();
                int first = events.mark();
                create(alice, "/memories/CLAUDE.md", "Be brief.\n");
                events.awaitUpdate(first, INSTRUCTIONS);
                events.awaitUpdate(first, REPORT);
                assertThat(ModernSdkClient.text(alice.resource(INSTRUCTIONS).read())).isEqualTo(
                        "Contents of /memories/CLAUDE.md (project instructions, checked into the codebase):\n\n"
                                + "Be brief.");

                int unrelated = events.mark();
                create(bob, "/memories/CLAUDE.md", "Bob's own.\n");
                create(alice, "/memories/notes/today.md", "Nothing the instructions read.\n");
                events.awaitUpdate(unrelated, STATUS);
                // Her memory's changes are told one report after the other: once the next one's status update is
                // heard, everything the report of today.md caused has been sent.
                int next = events.mark();
                create(alice, "/memories/notes/later.md", "Nor this.\n");
                events.awaitUpdate(next, STATUS);
                assertThat(events.updatedFrom(unrelated)).as("updates for writes the instructions never read")
                        .containsOnly(STATUS);

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
