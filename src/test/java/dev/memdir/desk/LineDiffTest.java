package dev.memdir.desk;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LineDiffTest {

    @Test
    void aChangedLineShowsRemovedThenAddedWithTwoLinesOfContext() {
        String before = "a\nb\nc\nd\ne\nf\ng\n";
        String after = "a\nb\nc\nD\ne\nf\ng\n";

        assertThat(LineDiff.between(before, after)).containsExactly(
                new DiffLine(DiffLine.Kind.HUNK, "@@ -2,5 +2,5 @@"),
                new DiffLine(DiffLine.Kind.CONTEXT, "b"),
                new DiffLine(DiffLine.Kind.CONTEXT, "c"),
                new DiffLine(DiffLine.Kind.REMOVED, "d"),
                new DiffLine(DiffLine.Kind.ADDED, "D"),
                new DiffLine(DiffLine.Kind.CONTEXT, "e"),
                new DiffLine(DiffLine.Kind.CONTEXT, "f"));
    }

    @Test
    void aHunkNamesTheLinesOfTheWholeText() {
        String before = numbered(100);
        String after = before.replace("line 60\n", "line sixty\n");

        assertThat(LineDiff.between(before, after).get(0)).isEqualTo(new DiffLine(DiffLine.Kind.HUNK,
                "@@ -58,5 +58,5 @@"));
    }

    @Test
    void identicalTextsHaveNoDiff_andAFileFromNothingIsAllAdded() {
        assertThat(LineDiff.between("same\n", "same\n")).isEmpty();
        assertThat(LineDiff.between("", "one\ntwo\n")).extracting(DiffLine::kind)
                .containsExactly(DiffLine.Kind.HUNK, DiffLine.Kind.ADDED, DiffLine.Kind.ADDED);
    }

    @Test
    void aDiffOfManyDifferentLinesShowsTheStartOfEachSide_notALineMatch() {
        String before = numbered(5_000);
        String after = numbered(5_000).replace("line", "row");

        List<DiffLine> diff = LineDiff.between(before, after);

        assertThat(diff).hasSize(1 + 20 + 1 + 20 + 1);
        assertThat(diff.get(0).text()).isEqualTo("@@ -1,5000 +1,5000 @@");
        assertThat(diff.get(21)).isEqualTo(new DiffLine(DiffLine.Kind.OMITTED, "4980 more lines"));
    }

    @Test
    void aLongDiffStopsAfterItsMostLines() {
        String before = IntStream.range(0, 400).mapToObj(i -> i % 2 == 0 ? "keep " + i : "old " + i)
                .collect(Collectors.joining("\n", "", "\n"));
        String after = before.replace("old", "new");

        List<DiffLine> diff = LineDiff.between(before, after);

        assertThat(diff).hasSize(LineDiff.MOST_LINES + 1);
        assertThat(diff.get(LineDiff.MOST_LINES).kind()).isEqualTo(DiffLine.Kind.OMITTED);
    }

    @Test
    void aHugeSingleLineIsOneRemovedAndOneAddedLine() {
        String before = "x".repeat(1_000_000);
        String after = "y" + "x".repeat(999_999);

        assertThat(LineDiff.between(before, after)).extracting(DiffLine::kind)
                .containsExactly(DiffLine.Kind.HUNK, DiffLine.Kind.REMOVED, DiffLine.Kind.ADDED);
    }

    private static String numbered(int lines) {
        return IntStream.rangeClosed(1, lines).mapToObj(i -> "line " + i).collect(Collectors.joining("\n", "", "\n"));
    }
}
