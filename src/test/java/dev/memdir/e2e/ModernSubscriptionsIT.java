package dev.memdir.e2e;

import static dev.memdir.e2e.support.MemdirUris.INDEX;
import static dev.memdir.e2e.support.MemdirUris.INSTRUCTIONS;
import static dev.memdir.e2e.support.MemdirUris.REPORT;
import static dev.memdir.e2e.support.MemdirUris.STATUS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.EveryStoreTest;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarMemory;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.ModernSdkClient;
import dev.memdir.e2e.support.ReplyRecorder;
import dev.memdir.e2e.support.SubscriptionEvents;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.client.McpSyncClient.Listening;
import io.modelcontextprotocol.modern.client.SubscriptionEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * subscriptions/listen through the real jar and the SDK's 2026-07-28 client: the acknowledgment names what memdir
 * can notify about, and a change (through this process, another process on the same memory, a 2025-11-25 client)
 * reaches every stream that listens to its URI and no other, on the directory, on PostgreSQL and in a bucket.
 */
class ModernSubscriptionsIT {

    private static final String HISTORY_A = "memdir://memory/history/notes/a.md";
    private static final String HISTORY_B = "memdir://memory/history/notes/b.md";
    private static final String HISTORY_SHARED = "memdir://memory/history/shared.md";
    private static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

    @TempDir
    Path temp;

    /** The memory every process of a test uses: a root, or a fresh namespace of a PostgreSQL database or a bucket. */
    private JarMemory memory(String store) throws Exception {
        return JarMemory.fresh(store, temp).inNamespace("team");
    }

    private JarLauncher launcher(JarMemory memory) throws Exception {
        return launcher(memory, Files.createDirectories(temp.resolve("empty")));
    }

    private JarLauncher launcher(JarMemory memory, Path project) throws Exception {
        Path empty = Files.createDirectories(temp.resolve("empty"));
        return memory.launcher("--project", project.toString(), "--claude-config-dir", empty.toString(),
                "--managed-dir", empty.toString()).env("HOME", empty.toString());
    }

    private static Listening listen(ModernSdkClient client, SubscriptionEvents events, String... uris) {
        return client.client().listen().resourceUpdates(uris).open(events);
    }

    private static void create(ModernSdkClient client, String path, String text) {
        assertThat(ModernSdkClient.text(client.call("create", Map.of("path", path, "file_text", text))))
                .isEqualTo("File created successfully at: " + path);
    }

    @EveryStoreTest
    void writesThroughTheSameProcessAreHeardOnTheStreamsListeningToTheirUrisOnly(String store) throws Exception {
        try (ModernSdkClient client = ModernSdkClient.start(launcher(memory(store)))) {
            SubscriptionEvents first = new SubscriptionEvents();
            SubscriptionEvents second = new SubscriptionEvents();
            try (Listening a = listen(client, first, INDEX, STATUS, HISTORY_A);
                    Listening b = listen(client, second, HISTORY_B)) {
                assertThat(first.awaitSubscribed().honoured().resourceSubscriptionsOrEmpty())
                        .containsExactlyInAnyOrder(INDEX, STATUS, HISTORY_A);
                assertThat(second.awaitSubscribed().honoured().resourceSubscriptionsOrEmpty())
                        .containsExactly(HISTORY_B);

                int beforeA = first.mark();
                create(client, "/memories/notes/a.md", "alpha\n");
                first.awaitUpdate(beforeA, STATUS);
                first.awaitUpdate(beforeA, HISTORY_A);

                int beforeB = first.mark();
                int secondBeforeB = second.mark();
                create(client, "/memories/notes/b.md", "beta\n");
                first.awaitUpdate(beforeB, STATUS);
                second.awaitUpdate(secondBeforeB, HISTORY_B);

                int beforeIndex = first.mark();
                create(client, "/memories/MEMORY.md", "- notes/a.md: alpha\n");
                first.awaitUpdate(beforeIndex, INDEX);
                first.awaitUpdate(beforeIndex, STATUS);

                assertThat(first.updated()).containsOnly(INDEX, STATUS, HISTORY_A);
                assertThat(first.updated().stream().filter(INDEX::equals))
                        .as("the index changed only with the last write")
                        .hasSameSizeAs(first.updatedFrom(beforeIndex).stream().filter(INDEX::equals).toList());
                assertThat(second.updated()).containsOnly(HISTORY_B);
            }
            assertEveryStreamMessageNamesItsListen(client.wire());
        }
    }

    @Test
    void theAcknowledgmentLeavesOutWhatMemdirCannotNotifyAbout() throws Exception {
        try (ModernSdkClient client = ModernSdkClient.start(launcher(memory("directory")))) {
            SubscriptionEvents events = new SubscriptionEvents();
            String recall = "memdir://memory/recall?q=backups";
            try (Listening listening = listen(client, events, INDEX, recall, "file:///etc/passwd", INSTRUCTIONS,
                    REPORT)) {
                SubscriptionEvent.Subscribed subscribed = events.awaitSubscribed();

                assertThat(subscribed.honoured().resourceSubscriptionsOrEmpty())
                        .containsExactlyInAnyOrder(INDEX, INSTRUCTIONS, REPORT);
                assertThat(subscribed.missing().resourceSubscriptionsOrEmpty())
                        .containsExactlyInAnyOrder(recall, "file:///etc/passwd");
            }
        }
    }

    @Test
    void anEditedClaudeMdIsHeardOnAListenToTheInstructions() throws Exception {
        Path project = Files.createDirectories(temp.resolve("project"));
        Files.writeString(project.resolve("CLAUDE.md"), "# App\n");
        try (ModernSdkClient client = ModernSdkClient.start(launcher(memory("directory"), project))) {
            assertThat(client.read(INSTRUCTIONS)).contains("# App").doesNotContain("A new rule.");
            SubscriptionEvents events = new SubscriptionEvents();
            try (Listening listening = listen(client, events, INSTRUCTIONS, REPORT)) {
                assertThat(events.awaitSubscribed().honoured().resourceSubscriptionsOrEmpty())
                        .containsExactlyInAnyOrder(INSTRUCTIONS, REPORT);

                int before = events.mark();
                Files.writeString(project.resolve("CLAUDE.md"), "# App\nA new rule.\n");
                events.awaitUpdate(before, INSTRUCTIONS);
                events.awaitUpdate(before, REPORT);

                assertThat(client.read(INSTRUCTIONS)).contains("# App\nA new rule.");
            }
        }
    }

    @EveryStoreTest
    void aWriteThroughASecondProcessOnTheSameMemoryReachesTheListenStream(String store) throws Exception {
        JarMemory memory = memory(store);
        try (ModernSdkClient listener = ModernSdkClient.start(launcher(memory));
                ModernSdkClient writer = ModernSdkClient.start(launcher(memory))) {
            SubscriptionEvents events = new SubscriptionEvents();
            try (Listening listening = listen(listener, events, INDEX, STATUS, HISTORY_SHARED)) {
                events.awaitSubscribed();

                int beforeShared = events.mark();
                create(writer, "/memories/shared.md", "written by the second process\n");
                events.awaitUpdate(beforeShared, HISTORY_SHARED);
                events.awaitUpdate(beforeShared, STATUS);

                int beforeIndex = events.mark();
                create(writer, "/memories/MEMORY.md", "- shared.md: written by the second process\n");
                events.awaitUpdate(beforeIndex, INDEX);

                assertThat(listener.read(INDEX)).isEqualTo("- shared.md: written by the second process\n");
                assertThat(events.updated()).containsOnly(INDEX, STATUS, HISTORY_SHARED);
            }
            assertEveryStreamMessageNamesItsListen(listener.wire());
        }
    }

    @EveryStoreTest
    void aLegacyAndAModernClientHearEachOthersWrites(String store) throws Exception {
        JarMemory memory = memory(store);
        BlockingQueue<String> legacyUpdates = new LinkedBlockingQueue<>();
        io.modelcontextprotocol.client.McpSyncClient legacy = LegacySdkClient.start(launcher(memory),
                contents -> contents.forEach(c -> legacyUpdates.add(
                        ((io.modelcontextprotocol.spec.McpSchema.TextResourceContents) c).text())));
        try (ModernSdkClient modern = ModernSdkClient.start(launcher(memory))) {
            legacy.subscribeResource(new io.modelcontextprotocol.spec.McpSchema.SubscribeRequest(INDEX));
            SubscriptionEvents events = new SubscriptionEvents();
            try (Listening listening = listen(modern, events, INDEX)) {
                events.awaitSubscribed();

                int before = events.mark();
                LegacySdkClient.call(legacy, "create", Map.of("path", "/memories/MEMORY.md",
                        "file_text", "- written over 2025-11-25\n"));
                events.awaitUpdate(before, INDEX);
                assertThat(modern.read(INDEX)).isEqualTo("- written over 2025-11-25\n");

                assertThat(ModernSdkClient.text(modern.call("str_replace", Map.of("path", "/memories/MEMORY.md",
                        "old_str", "2025-11-25", "new_str", "2026-07-28"))))
                        .startsWith("The memory file has been edited.");
                assertThat(LegacySdkClient.awaitUpdate(legacyUpdates, "- written over 2026-07-28")).isTrue();
            }
        } finally {
            legacy.closeGracefully();
        }
    }

    /** Every notification on a listen stream carries the id of its listen request, as the spec demands on stdio. */
    private static void assertEveryStreamMessageNamesItsListen(ReplyRecorder wire) {
        List<ReplyRecorder.Reply> replies = wire.replies().stream()
                .filter(reply -> reply.method().equals("subscriptions/listen")).toList();
        assertThat(replies).isNotEmpty().allSatisfy(reply -> {
            assertThat(reply.message()).isInstanceOf(JsonRpc.JSONRPCNotification.class);
            Object params = ((JsonRpc.JSONRPCNotification) reply.message()).params();
            assertThat(params).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                    .extractingByKey("_meta").asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                    .extractingByKey(SUBSCRIPTION_ID).asString().isEqualTo(String.valueOf(reply.request().id()));
        });
    }
}
