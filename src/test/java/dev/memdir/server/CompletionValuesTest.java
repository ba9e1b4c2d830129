package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class CompletionValuesTest {

    @Test
    void keepsTheCandidatesStartingWithWhatWasTyped_sortedOnce() {
        McpSchema.CompleteResult.CompleteCompletion completion = CompletionValues.matching(
                Stream.of("notes/b.md", "plan.md", "notes/a.md", "notes/a.md", "Notes.md"), "notes/").completion();

        assertThat(completion.values()).containsExactly("notes/a.md", "notes/b.md");
        assertThat(completion.total()).isEqualTo(2);
        assertThat(completion.hasMore()).isFalse();
    }

    @Test
    void givesAtMost100_countingAllAndSayingThereIsMore() {
        McpSchema.CompleteResult.CompleteCompletion completion = CompletionValues.matching(
                IntStream.range(0, 250).mapToObj(i -> String.format("f%03d", i)), "f").completion();

        assertThat(completion.values()).hasSize(100).startsWith("f000").endsWith("f099");
        assertThat(completion.total()).isEqualTo(250);
        assertThat(completion.hasMore()).isTrue();
    }

    @Test
    void exactly100_isNotMore() {
        McpSchema.CompleteResult.CompleteCompletion completion = CompletionValues.matching(
                IntStream.range(0, 100).mapToObj(i -> "f" + i), "").completion();

        assertThat(completion.values()).hasSize(100);
        assertThat(completion.hasMore()).isFalse();
    }
}
