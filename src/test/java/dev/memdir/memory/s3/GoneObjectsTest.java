package dev.memdir.memory.s3;

import static dev.memdir.memory.ToolCalls.answer;
import static dev.memdir.memory.ToolCalls.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.ToolCalls;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.FaultMessages;
import dev.memdir.memory.store.StoreLimits;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * An object the newest head names, gone when a store that knew an older head reads it: what a reader meets when a
 * newer commit dropped the object between its reading the head and the object (docs/stores.md, "One change, step
 * by step": the read starts again from the newest head, three times at most, then busy). A blob and a base alike;
 * here each is deleted by hand, so that the newest head names it for good and the answer is busy.
 */
class GoneObjectsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final StoreLimits LIMITS = StoreLimits.perFile(1 << 20);
    private static final String BUSY = FaultMessages.storeContended(TIMEOUT);

    @Test
    void aBlobOfTheNewestHeadGone_answersBusy() throws Exception {
        S3Location location = LocalS3.shared().freshBucket("gone");
        try (S3Store writer = open(location, "writer"); S3Store reader = open(location, "reader")) {
            MemoryTool readerTool = lookedIn(reader);
            Set<String> before = Set.copyOf(LocalS3.keys(location));
            text(ToolCalls.tool(writer), "create", "path", "/memories/a.md", "file_text", "one\n");
            delete(location, LocalS3.keysAdded(location, before, "/blobs/"));

            assertThat(answer(readerTool, "view", "path", "/memories/a.md")).isEqualTo(BUSY);
        }
    }

    @Test
    void aBaseOfTheNewestHeadGone_answersBusy_asAGoneBlobDoes() throws Exception {
        S3Location location = LocalS3.shared().freshBucket("gone");
        try (S3Store writer = open(location, "writer"); S3Store reader = open(location, "reader")) {
            MemoryTool readerTool = lookedIn(reader);
            MemoryTool writerTool = ToolCalls.tool(writer);
            text(writerTool, "create", "path", "/memories/a.md", "file_text", "one\n");
            text(writerTool, "str_replace", "path", "/memories/a.md", "old_str", "one", "new_str", "two");
            MemoryPath a = new MemoryPath("/memories/a.md", List.of("a.md"));
            // A redaction folds the head into a new base, so that the newest head builds on one.
            writer.change(files -> {
                files.redact(a, 1);
                return null;
            });
            List<String> bases = LocalS3.keysAdded(location, Set.of(), "/bases/");
            assertThat(bases).hasSize(1);
            delete(location, bases);

            assertThat(answer(readerTool, "view", "path", "/memories/a.md")).isEqualTo(BUSY);
        }
    }

    /** Returns the reader's tool once it has looked in the memory, so that what goes missing after was there. */
    private static MemoryTool lookedIn(S3Store reader) throws Exception {
        MemoryTool tool = ToolCalls.tool(reader);
        assertThat(answer(tool, "view", "path", "/memories")).doesNotStartWith("Error");
        return tool;
    }

    private static S3Store open(S3Location location, String actor) throws Exception {
        return S3Store.open(S3Options.of(location, "gone", LIMITS, actor).withCredentials(LocalS3.credentials())
                .withTimeout(TIMEOUT));
    }

    private static void delete(S3Location location, List<String> keys) {
        assertThat(keys).isNotEmpty();
        try (S3Client client = S3Clients.open(location, LocalS3.credentials(), TIMEOUT)) {
            for (String key : keys) {
                client.deleteObject(request -> request.bucket(location.bucket()).key(key));
            }
        }
    }
}
