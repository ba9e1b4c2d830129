package dev.memdir.e2e;

import static dev.memdir.e2e.support.MemdirUris.INDEX;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.memory.postgres.LocalPostgres;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two memdir processes on one PostgreSQL namespace, as on two machines: a write through one reaches a subscriber of
 * the other (LISTEN/NOTIFY), and one on another namespace hears nothing of it.
 */
class StoreNoticesIT {

    @TempDir
    Path temp;

    @Test
    void aWriteThroughOneMemdirReachesTheSubscribersOfAnotherOnTheSameNamespaceOnly() throws Exception {
        String url = LocalPostgres.shared().freshStoreUrl();
        BlockingQueue<String> team = new LinkedBlockingQueue<>();
        BlockingQueue<String> other = new LinkedBlockingQueue<>();
        McpSyncClient listener = subscribed(url, "team", team);
        McpSyncClient stranger = subscribed(url, "other", other);
        McpSyncClient writer = LegacySdkClient.start(launcher(url, "team"));
        try {
            McpSchema.CallToolResult created = writer.callTool(new McpSchema.CallToolRequest("create",
                    Map.of("path", "/memories/MEMORY.md", "file_text", "- written on another machine\n")));
            assertThat(created.isError()).isFalse();

            assertThat(LegacySdkClient.awaitUpdate(team, "written on another machine")).isTrue();
            assertThat(other).allSatisfy(update -> assertThat(update).doesNotContain("written on another machine"));
            assertThat(((McpSchema.TextResourceContents) stranger.readResource(new McpSchema.ReadResourceRequest(INDEX))
                    .contents().get(0)).text()).doesNotContain("written on another machine");
        } finally {
            for (McpSyncClient client : List.of(writer, stranger, listener)) {
                client.closeGracefully();
            }
        }
    }

    private McpSyncClient subscribed(String url, String namespace, BlockingQueue<String> updates) {
        McpSyncClient client = LegacySdkClient.start(launcher(url, namespace),
                contents -> contents.forEach(c -> updates.add(((McpSchema.TextResourceContents) c).text())));
        client.subscribeResource(new McpSchema.SubscribeRequest(INDEX));
        return client;
    }

    private JarLauncher launcher(String url, String namespace) {
        return JarLauncher.plain("--store", url, "--namespace", namespace)
                .env("HOME", temp.resolve("empty").toString());
    }
}
