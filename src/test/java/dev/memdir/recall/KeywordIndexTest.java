package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeywordIndexTest {

    @Test
    void scoresAreBm25OverTheFilesThatHoldTheWords() {
        KeywordIndex index = KeywordIndexes.of("a.md", "kiln kiln glaze", "b.md", "glaze");

        KeywordScores scores = KeywordScores.of(List.of("kiln"), index);

        double idf = Math.log(1 + (2 - 1 + 0.5) / (1 + 0.5));
        MemoryDocument a = MemoryDocument.of("a.md", "kiln kiln glaze");
        double average = (a.length() + MemoryDocument.of("b.md", "glaze").length()) / 2.0;
        double norm = 1.2 * (1 - 0.75 + 0.75 * a.length() / average);
        assertThat(scores.bm25()).containsOnlyKeys("a.md");
        assertThat(scores.bm25().get("a.md")).isCloseTo(idf * 2 * 2.2 / (2 + norm), within(1e-12));
    }

    @Test
    void aChangedFileIsScoredByWhatItHoldsNow_andARemovedOneNotAtAll() {
        KeywordIndex index = KeywordIndexes.of("a.md", "the pottery class", "b.md", "the violin");

        index.put("a.md", MemoryDocument.of("a.md", "the ceramics course"));
        index.remove("b.md");
        index.remove("never-there.md");

        assertThat(KeywordScores.of(List.of("pottery"), index).bm25()).isEmpty();
        assertThat(KeywordScores.of(List.of("violin"), index).bm25()).isEmpty();
        assertThat(KeywordScores.of(List.of("ceramics"), index).bm25()).containsOnlyKeys("a.md");
        assertThat(index.files()).isEqualTo(1);
        assertThat(index.averageLength()).isEqualTo(MemoryDocument.of("a.md", "the ceramics course").length());
    }

    @Test
    void aFileNumberFreedByARemovalServesTheNextFile() {
        KeywordIndex index = KeywordIndexes.of("a.md", "kiln", "b.md", "glaze");
        index.remove("a.md");
        index.put("c.md", MemoryDocument.of("c.md", "kiln glaze"));

        assertThat(KeywordScores.of(List.of("kiln"), index).bm25()).containsOnlyKeys("c.md");
        assertThat(KeywordScores.of(List.of("glaze"), index).bm25()).containsOnlyKeys("b.md", "c.md");
        assertThat(index.holding("kiln")).isEqualTo(1);
    }

    @Test
    void anEmptyIndexScoresNothing() {
        assertThat(KeywordScores.of(List.of("anything"), new KeywordIndex()).bm25()).isEmpty();
    }
}
