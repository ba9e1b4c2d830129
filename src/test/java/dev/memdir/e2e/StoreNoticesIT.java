package dev.memdir.e2e;

import static dev.memdir.e2e.support.MemdirUris.INDEX;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarMemory;
import dev.memdir.e2e.support.LegacySdkClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two memdir processes on one namespace of a PostgreSQL database or of a bucket, as on two machines: a write
 * through one reaches a subscriber of the other (LISTEN/NOTIFY; in a bucket, a look for a newer commit every 2 s),
 * and one on another namespace hears nothing of it.
 */
class StoreNoticesIT {

    /** A bucket's 2 s between looks for a newer commit, and as long again for a loaded machine. */
    private static final Duration HEARD_WITHIN = Duration.ofSeconds(6);

    @TempDir
    Path temp;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"postgres", "s3"})
    void aWriteThroughOneMemdirReachesTheSubscribersOfAnotherOnTheSameNamespaceOnly(String kind) throws Exception {
        JarMemory store = JarMemory.fresh(kind, temp);
        BlockingQueue<String> team = new LinkedBlockingQueue<>();
        BlockingQueue<String> other = new LinkedBlockingQueue<>();
        McpSyncClient listener = subscribed(store.inNamespace("team"), team);
        McpSyncClient stranger = subscribed(store.inNamespace("other"), other);
        McpSyncClient writer = LegacySdkClient.start(launcher(store.inNamespace("team")));
        try {
            McpSchema.CallToolResult created = writer.callTool(new McpSchema.CallToolRequest("create",
                    Map.of("path", "/memories/MEMORY.md", "file_text", "- written on another machine\n")));
            long written = System.nanoTime();
            assertThat(created.isError()).isFalse();

            assertThat(LegacySdkClient.awaitUpdate(team, "written on another machine")).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - written)).as("heard within").isLessThan(HEARD_WITHIN);
            assertThat(other).allSatisfy(update -> assertThat(update).doesNotContain("written on another machine"));
            assertThat(((McpSchema.TextResourceContents) stranger.readResource(new McpSchema.ReadResourceRequest(INDEX))
                    .contents().get(0)).text()).doesNotContain("written on another machine");
        } finally {
            for (McpSyncClient client : List.of(writer, stranger, listener)) {
                client.closeGracefully();
            }
        }
    }

    private McpSyncClient subscribed(JarMemory memory, BlockingQueue<String> updates) {
        McpSyncClient client = LegacySdkClient.start(launcher(memory),
                contents -> contents.forEach(c -> updates.add(((McpSchema.TextResourceContents) c).text())));
        client.subscribeResource(new McpSchema.SubscribeRequest(INDEX));
        return client;
    }

    private JarLauncher launcher(JarMemory memory) {
        return memory.launcher().env("HOME", temp.resolve("empty").toString());
    }
}
