package dev.memdir.memory.s3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.index.IndexBudget;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.TestKeys;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.StoreLimits;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * What sealing costs a call in requests to the store: nothing for a view, a create or a str_replace (a content is
 * sealed and opened in memory), one upload per moved file for a rename (each is sealed again for its new path).
 */
class SealedCostTest {

    /** Counts the requests a call waits for: every one but the hint's, which is written after the answer. */
    private static final class Requests implements ExecutionInterceptor {
        final AtomicInteger sent = new AtomicInteger();

        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            if (!context.httpRequest().encodedPath().endsWith("/latest")) {
                sent.incrementAndGet();
            }
        }
    }

    private interface Call {
        void run() throws Exception;
    }

    /** Returns how many requests each call of one session sends, in order, on a new memory opened with {@code keys}. */
    private static Map<String, Integer> costs(Optional<MemoryKeys> keys) throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("cost");
        Requests requests = new Requests();
        Map<String, Integer> costs = new LinkedHashMap<>();
        try (S3Store store = S3Store.open(S3Clients.open(bucket, LocalS3.credentials(), Duration.ofSeconds(30),
                List.of(requests)), S3Options.of(bucket, "team", StoreLimits.perFile(StoreLimits.UNLIMITED), "meter")
                .withKeys(keys))) {
            MemoryTool tool = new MemoryTool(store, new FrontmatterStamper(Clock.systemUTC(), "meter"), false,
                    IndexBudget.DEFAULT);
            Map<String, Call> calls = new LinkedHashMap<>();
            calls.put("create", () -> tool.call("create", Map.of("path", "/memories/a.md", "file_text", "one\n")));
            calls.put("view", () -> tool.call("view", Map.of("path", "/memories/a.md")));
            calls.put("str_replace", () -> tool.call("str_replace",
                    Map.of("path", "/memories/a.md", "old_str", "one", "new_str", "two")));
            calls.put("view of the directory", () -> tool.call("view", Map.of("path", "/memories")));
            calls.put("rename", () -> tool.call("rename",
                    Map.of("old_path", "/memories/a.md", "new_path", "/memories/b.md")));
            calls.put("view after the rename", () -> tool.call("view", Map.of("path", "/memories/b.md")));
            for (Map.Entry<String, Call> call : calls.entrySet()) {
                int before = requests.sent.get();
                call.getValue().run();
                costs.put(call.getKey(), requests.sent.get() - before);
            }
        }
        return costs;
    }

    @Test
    void sealingAddsNoRequestToAViewACreateOrAStrReplace_andOneUploadPerMovedFileToARename() throws Exception {
        Map<String, Integer> plain = costs(Optional.empty());
        Map<String, Integer> sealed = costs(Optional.of(TestKeys.shared()));

        Map<String, Integer> expected = new LinkedHashMap<>(plain);
        expected.put("rename", plain.get("rename") + 1);
        assertThat(sealed).isEqualTo(expected);
        assertThat(plain).containsEntry("view", 1).containsEntry("view of the directory", 1);
    }
}
