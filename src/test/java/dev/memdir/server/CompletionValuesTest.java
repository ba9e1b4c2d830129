package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.server.feature.Completer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class CompletionValuesTest {

    @Test
    void keepsTheCandidatesStartingWithWhatWasTyped_sortedOnce() {
        Completer.Values completion = CompletionValues.matching(
                Stream.of("notes/b.md", "plan.md", "notes/a.md", "notes/a.md", "Notes.md"), "notes/");

        assertThat(completion.values()).containsExactly("notes/a.md", "notes/b.md");
        assertThat(completion.total()).isEqualTo(2);
        assertThat(completion.hasMore()).isFalse();
    }

    @Test
    void givesAtMost100_countingAllAndSayingThereIsMore() {
        Completer.Values completion = CompletionValues.matching(
                IntStream.range(0, 250).mapToObj(i -> String.format("f%03d", i)), "f");

        assertThat(completion.values()).hasSize(100).startsWith("f000").endsWith("f099");
        assertThat(completion.total()).isEqualTo(250);
        assertThat(completion.hasMore()).isTrue();
    }

    @Test
    void exactly100_isNotMore() {
        Completer.Values completion = CompletionValues.matching(
                IntStream.range(0, 100).mapToObj(i -> "f" + i), "");

        assertThat(completion.values()).hasSize(100);
        assertThat(completion.hasMore()).isFalse();
    }
}
