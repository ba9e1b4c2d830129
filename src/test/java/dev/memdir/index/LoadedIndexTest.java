package dev.memdir.index;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoadedIndexTest {

    private static final IndexBudget DEFAULT = IndexBudget.DEFAULT;

    private static String lines(int count, String line) {
        return (line + "\n").repeat(count);
    }

    @Test
    void withinBudget_loadedByteForByte() {
        String raw = "# Index\r\n- café ☕ 😀\n\n- [Testing](testing.md) — hooks\r\n- last line without break";
        assertThat(LoadedIndex.load(raw, DEFAULT))
                .isEqualTo(new LoadedIndex(raw, new IndexMeasure(5, 87, DEFAULT), 5, 87, false));
    }

    @Test
    void frontmatterAndBlockComments_neitherLoadedNorCounted() {
        String raw = "---\nname: index\n---\n# Index\n<!-- keep entries short\n   one per line -->\n- a\n";
        LoadedIndex loaded = LoadedIndex.load(raw, DEFAULT);
        assertThat(loaded.text()).isEqualTo("# Index\n- a\n");
        assertThat(loaded.measure()).isEqualTo(new IndexMeasure(2, 12, DEFAULT));
    }

    @Test
    void commentInsideFrontmatterOnlyFile_leavesNothing() {
        LoadedIndex loaded = LoadedIndex.load("---\na: b\n---\n<!-- only a note -->\n", DEFAULT);
        assertThat(loaded.text()).isEmpty();
        assertThat(loaded.measure()).isEqualTo(new IndexMeasure(0, 0, DEFAULT));
    }

    @Test
    void frontmatterAndComments_doNotPushTheIndexOverItsLines() {
        String raw = "---\nname: index\n---\n<!-- note -->\n" + lines(200, "- entry");
        LoadedIndex loaded = LoadedIndex.load(raw, DEFAULT);
        assertThat(loaded.cut()).isFalse();
        assertThat(loaded.text()).isEqualTo(lines(200, "- entry"));
        assertThat(loaded.measure().verdict()).isEqualTo(Verdict.NEAR);
    }

    @Test
    void emptyFile_loadsEmpty() {
        LoadedIndex loaded = LoadedIndex.load("", DEFAULT);
        assertThat(loaded).isEqualTo(new LoadedIndex("", new IndexMeasure(0, 0, DEFAULT), 0, 0, false));
        assertThat(loaded.measure().verdict()).isEqualTo(Verdict.WITHIN);
        assertThat(loaded.measure().figures()).isEqualTo("0/200 lines, 0.0/25.0 KB");
    }

    @Test
    void exactly200Lines_notCut() {
        String raw = lines(200, "- entry");
        LoadedIndex loaded = LoadedIndex.load(raw, DEFAULT);
        assertThat(loaded.text()).isEqualTo(raw);
        assertThat(loaded.cut()).isFalse();
        assertThat(loaded.loadedLines()).isEqualTo(200);
    }

    @Test
    void exactly200LinesWithoutFinalBreak_notCut() {
        String raw = lines(199, "- entry") + "- entry";
        assertThat(LoadedIndex.load(raw, DEFAULT).text()).isEqualTo(raw);
    }

    @Test
    void line201_cutWithNotice() {
        LoadedIndex loaded = LoadedIndex.load(lines(200, "- entry") + "- the 201st", DEFAULT);
        assertThat(loaded.text()).isEqualTo(lines(200, "- entry")
                + "[MEMORY.md is over its budget of 200 lines / 25.0 KB; not loaded: the last 1 line (0.0 KB)."
                + " Move detail into topic files and keep the index under the budget.]\n");
        assertThat(loaded.cut()).isTrue();
        assertThat(loaded.measure()).isEqualTo(new IndexMeasure(201, 1611, DEFAULT));
        assertThat(loaded.loadedLines()).isEqualTo(200);
        assertThat(loaded.loadedBytes()).isEqualTo(1600);
    }

    @Test
    void manyLinesOver_noticeCountsLinesAndKilobytesLeftOut() {
        String line = "x".repeat(99);
        LoadedIndex loaded = LoadedIndex.load(lines(250, line), DEFAULT);
        assertThat(loaded.text()).isEqualTo(lines(200, line) + notice("50 lines (5.0 KB)"));
        assertThat(loaded.measure().figures()).isEqualTo("250/200 lines, 25.0/25.0 KB");
        assertThat(loaded.measure().verdict()).isEqualTo(Verdict.OVER);
    }

    @Test
    void exactly25000Bytes_notCut() {
        String raw = lines(100, "x".repeat(249));
        LoadedIndex loaded = LoadedIndex.load(raw, DEFAULT);
        assertThat(loaded.text()).isEqualTo(raw);
        assertThat(loaded.measure()).isEqualTo(new IndexMeasure(100, 25_000, DEFAULT));
        assertThat(loaded.measure().verdict()).isEqualTo(Verdict.NEAR);
    }

    @Test
    void byte25001_lastLineCut() {
        String kept = lines(99, "x".repeat(249));
        LoadedIndex loaded = LoadedIndex.load(kept + "y".repeat(250) + "\n", DEFAULT);
        assertThat(loaded.text()).isEqualTo(kept + notice("1 line (0.3 KB)"));
        assertThat(loaded.measure()).isEqualTo(new IndexMeasure(100, 25_001, DEFAULT));
        assertThat(loaded.loadedBytes()).isEqualTo(24_750);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "two-byte characters, 24998, éé, 25004",
        "four-byte characters, 24997, 😀😀, 25007",
    })
    void multiByteCharactersAcross25000Bytes_cutAtTheLineBoundaryBeforeThem(String what, int xs, String last,
            int bytes) {
        String first = "x".repeat(xs) + "\n";
        LoadedIndex loaded = LoadedIndex.load(first + last + "\n", DEFAULT);
        assertThat(loaded.measure().bytes()).isEqualTo(bytes);
        assertThat(loaded.loadedBytes()).isEqualTo(first.length());
        assertThat(loaded.text()).isEqualTo(first + notice("1 line (0.0 KB)"));
    }

    @Test
    void multiByteLineEndingExactlyAt25000Bytes_kept() {
        String raw = "x" + "é".repeat(12_499) + "\n";
        LoadedIndex loaded = LoadedIndex.load(raw, DEFAULT);
        assertThat(loaded.text()).isEqualTo(raw);
        assertThat(loaded.loadedBytes()).isEqualTo(25_000);
    }

    @Test
    void firstLineOverTheByteLimit_onlyTheNoticeLoads() {
        LoadedIndex loaded = LoadedIndex.load("é".repeat(13_000) + "\nnext\n", DEFAULT);
        assertThat(loaded.text()).isEqualTo(notice("2 lines (26.0 KB)"));
        assertThat(loaded.loadedLines()).isZero();
        assertThat(loaded.loadedBytes()).isZero();
    }

    @Test
    void crlfIndexCut_noticeEndsWithCrlfToo() {
        LoadedIndex loaded = LoadedIndex.load("a\r\nb\r\nc\r\n", new IndexBudget(2, 1_000, 0.9, 0.7));
        assertThat(loaded.text()).isEqualTo("a\r\nb\r\n"
                + "[MEMORY.md is over its budget of 2 lines / 1.0 KB; not loaded: the last 1 line (0.0 KB)."
                + " Move detail into topic files and keep the index under the budget.]\r\n");
        assertThat(loaded.measure()).isEqualTo(new IndexMeasure(3, 9, new IndexBudget(2, 1_000, 0.9, 0.7)));
        assertThat(loaded.loadedBytes()).isEqualTo(6);
    }

    @Test
    void customBudget_cutsToItsLinesThenToItsBytes() {
        String line = "x".repeat(99);
        LoadedIndex loaded = LoadedIndex.load(lines(4, line), new IndexBudget(3, 250, 0.9, 0.7));
        assertThat(loaded.text()).isEqualTo(lines(2, line)
                + "[MEMORY.md is over its budget of 3 lines / 0.3 KB; not loaded: the last 2 lines (0.2 KB)."
                + " Move detail into topic files and keep the index under the budget.]\n");
        assertThat(loaded.loadedLines()).isEqualTo(2);
        assertThat(loaded.loadedBytes()).isEqualTo(200);
    }

    @Test
    void noticeOnlyWhenCut() {
        assertThat(LoadedIndex.load(lines(200, "- entry"), DEFAULT).text()).doesNotContain("MEMORY.md is over");
        assertThat(LoadedIndex.load(lines(201, "- entry"), DEFAULT).text()).contains("MEMORY.md is over");
    }

    private static String notice(String leftOut) {
        return "[MEMORY.md is over its budget of 200 lines / 25.0 KB; not loaded: the last " + leftOut + "."
                + " Move detail into topic files and keep the index under the budget.]\n";
    }
}
