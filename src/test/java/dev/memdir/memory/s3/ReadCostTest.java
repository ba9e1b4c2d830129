package dev.memdir.memory.s3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.index.IndexBudget;
import dev.memdir.memory.CommandOutput;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.StoreLimits;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * What a read costs on the S3 store, counted as HTTP requests to the store: a view of a file or a directory when
 * nothing changed is one, and so is a view listing 10,000 files, whatever their number.
 */
class ReadCostTest {

    /** Counts every HTTP request the SDK sends, retries included. */
    private static final class Requests implements ExecutionInterceptor {
        final AtomicInteger sent = new AtomicInteger();

        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            sent.incrementAndGet();
        }
    }

    private final Requests requests = new Requests();

    private MemoryTool tool(S3Location bucket) throws Exception {
        S3Store store = S3Store.open(S3Clients.open(bucket, LocalS3.credentials(), Duration.ofSeconds(30),
                List.of(requests)), S3Options.of(bucket, "team", StoreLimits.perFile(StoreLimits.UNLIMITED), "reader")
                .withReadOnly(true));
        return new MemoryTool(store, new FrontmatterStamper(Clock.systemUTC(), "reader"), true,
                IndexBudget.DEFAULT);
    }

    private int requestsFor(MemoryTool tool, String path) throws Exception {
        int before = requests.sent.get();
        CommandOutput output = tool.call("view", Map.of("path", path));
        assertThat(output).isInstanceOf(CommandOutput.Text.class);
        return requests.sent.get() - before;
    }

    @Test
    void filesAUnitSaysItWillRead_areFetchedTogetherOnceEach() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("prefetch");
        List<MemoryPath> notes = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            notes.add(MemoryPathParser.parse("/memories/" + i + ".md"));
        }
        try (S3Store writer = S3Store.open(S3Options.of(bucket, "team", StoreLimits.perFile(StoreLimits.UNLIMITED),
                "writer").withCredentials(LocalS3.credentials()))) {
            writer.change(files -> {
                for (MemoryPath note : notes) {
                    files.write(note, note.display().getBytes(StandardCharsets.UTF_8));
                }
                return null;
            });
        }
        try (S3Store reader = S3Store.open(S3Clients.open(bucket, LocalS3.credentials(), Duration.ofSeconds(30),
                List.of(requests)), S3Options.of(bucket, "team", StoreLimits.perFile(StoreLimits.UNLIMITED), "reader")
                .withReadOnly(true))) {
            int before = requests.sent.get();

            List<String> read = reader.readPlainly(files -> {
                files.prefetch(notes);
                List<String> texts = new ArrayList<>();
                for (MemoryPath note : notes) {
                    texts.add(new String(files.read(note), StandardCharsets.UTF_8));
                }
                return texts;
            });

            assertThat(read).isEqualTo(notes.stream().map(MemoryPath::display).toList());
            // One validation, then each content once, whether the prefetch or the read fetched it.
            assertThat(requests.sent.get() - before).isEqualTo(1 + notes.size());
        }
    }

    @Test
    void aViewWhenNothingChanged_isOneRequest_evenOfTenThousandFiles() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("cost");
        try (S3Store writer = S3Store.open(S3Options.of(bucket, "team", StoreLimits.perFile(StoreLimits.UNLIMITED),
                "writer").withCredentials(LocalS3.credentials()))) {
            List<MemoryPath> notes = new ArrayList<>();
            for (int i = 0; i < 10_000; i++) {
                notes.add(MemoryPathParser.parse("/memories/notes/" + i / 100 + "/" + i + ".md"));
            }
            writer.change(files -> {
                for (MemoryPath note : notes) {
                    files.write(note, ("note " + note.display() + "\n").getBytes(StandardCharsets.UTF_8));
                }
                return null;
            });
        }
        MemoryTool tool = tool(bucket);
        requestsFor(tool, "/memories/notes/7/700.md"); // the first view reads the head, its base and the file

        assertThat(requestsFor(tool, "/memories/notes/7/700.md")).isEqualTo(1);
        assertThat(requestsFor(tool, "/memories")).isEqualTo(1);
        assertThat(requestsFor(tool, "/memories/notes/99")).isEqualTo(1);
    }
}
