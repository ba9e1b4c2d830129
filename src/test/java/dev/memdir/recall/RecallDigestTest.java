package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RecallDigestTest {

    private static final List<RecallMatch> MATCHES = List.of(
            new RecallMatch("/memories/a.md", "first", 2.5), new RecallMatch("/memories/b.md", "", 1.25));

    @Test
    void theListHasOneLinePerMatchBestFirst() {
        assertThat(RecallDigest.list("q", MATCHES)).isEqualTo(
                "Memory files matching \"q\", best first:\n/memories/a.md\t2.50\tfirst\n/memories/b.md\t1.25");
        assertThat(RecallDigest.list("q", List.of())).isEqualTo("No memory file matches \"q\".");
    }

    @Test
    void contentsStopBeforeTheBudgetAndCutOnlyAFirstMatchThatIsTooLarge() throws Exception {
        Map<String, String> files = Map.of("/memories/a.md", "A".repeat(50), "/memories/b.md", "B".repeat(50));
        RecallDigest.Contents contents = path -> Optional.ofNullable(files.get(path));

        String both = RecallDigest.contents("q", MATCHES, contents, 1000);
        String one = RecallDigest.contents("q", MATCHES, contents, 150);
        String cut = RecallDigest.contents("q", MATCHES, contents, 90);

        assertThat(both).contains("--- /memories/a.md (score 2.50)\n" + "A".repeat(50))
                .endsWith("--- /memories/b.md (score 1.25)\n" + "B".repeat(50));
        assertThat(one).contains("A".repeat(50)).doesNotContain("B");
        assertThat(cut).contains("/memories/a.md").endsWith("\n[cut at 90 characters; view /memories/a.md for the rest]")
                .doesNotContain("A".repeat(50));
    }

    @Test
    void contentsSkipFilesThatAreGone() throws Exception {
        String text = RecallDigest.contents("q", MATCHES,
                path -> path.equals("/memories/b.md") ? Optional.of("bee") : Optional.empty(), 1000);

        assertThat(text).doesNotContain("a.md").endsWith("--- /memories/b.md (score 1.25)\nbee");
        assertThat(RecallDigest.contents("q", MATCHES, path -> Optional.empty(), 1000))
                .isEqualTo("No memory file matches \"q\".");
    }
}
