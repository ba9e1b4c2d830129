package dev.memdir.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.desk.DeskEntry;
import dev.memdir.desk.DiffLine;
import dev.memdir.desk.DirectoryPage;
import dev.memdir.desk.GoneFile;
import dev.memdir.desk.HistoryPage;
import dev.memdir.desk.IndexGauge;
import dev.memdir.desk.OpenedFile;
import dev.memdir.index.IndexBudget;
import dev.memdir.index.IndexMeasure;
import dev.memdir.memory.MemoryAges;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.recall.RecallAnswer;
import dev.memdir.recall.RecallMatch;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A hostile value in any field of any page's model reaches the page only escaped: each field gets its own numbered
 * value, which must show on the page, and only in an escaped form.
 */
class WebPagesEscapeTest {

    private static final Instant AT = Instant.parse("2026-12-01T10:00:00Z");
    private static final Optional<String> SHA256 = Optional.of("ab".repeat(32));
    private static final Frame FRAME = new Frame(hostile(1), false, hostile(2), 7, Optional.of(hostile(3)));

    /** A value that would run a script, break out of a quoted attribute, or out of a single-quoted one. */
    private static String hostile(int n) {
        return "<script>alert(" + n + ")</script>\"onmouseover=alert(" + n + ") '";
    }

    private static MemoryPath path(int n) {
        return MemoryPath.of(List.of("dir", hostile(n)));
    }

    @Test
    void anErrorPage_escapesItsFrameTitleAndMessage() {
        assertEscaped(WebPages.error(FRAME, hostile(4), hostile(5)), 1, 2, 3, 4, 5);
        assertEscaped(WebPages.error(null, hostile(4), hostile(5)), 4, 5);
    }

    @Test
    void theTreePage_escapesTheDirectoryAndEveryEntry() {
        DirectoryPage listing = new DirectoryPage(path(6), List.of(
                new DeskEntry(hostile(7), hostile(8), true, 0, Optional.empty(), false),
                new DeskEntry(hostile(9), hostile(10), false, 12, Optional.of(AT), true)), 50, 200);

        assertEscaped(WebPages.tree(FRAME, listing), 1, 2, 3, 6, 7, 8, 9, 10);
    }

    @Test
    void theFilePages_escapeThePathTheTextAndTheFrontmatter() {
        OpenedFile file = new OpenedFile(path(11), "---\nname: " + hostile(12) + "\n---\n" + hostile(13) + "\n",
                hostile(14), 40);

        assertEscaped(WebPages.file(FRAME, file, MarkdownView.render(file.text())), 1, 2, 3, 11, 12, 13);
        assertEscaped(WebPages.edit(FRAME, file), 1, 2, 3, 11, 12, 13, 14);
        assertEscaped(WebPages.create(FRAME, path(11)), 1, 2, 3, 11);
    }

    @Test
    void theConflictPage_escapesBothTextsAndTheDiff() {
        OpenedFile theirs = new OpenedFile(path(15), hostile(16), hostile(17), 40);
        List<DiffLine> diff = Arrays.stream(DiffLine.Kind.values())
                .map(kind -> new DiffLine(kind, hostile(20 + kind.ordinal()))).toList();

        assertEscaped(WebPages.conflict(FRAME, hostile(18), hostile(19), theirs, diff), 1, 2, 3, 16, 17, 18, 19,
                20, 21, 22, 23);
    }

    @Test
    void theHistoryPage_escapesEachVersionsActorRedactionRenameAndDiff() {
        FileVersion kept = new FileVersion(2, AT, hostile(31), 10, SHA256, FileVersion.Operation.RENAME,
                Optional.empty(), Optional.of(path(32)));
        FileVersion redacted = new FileVersion(1, AT, hostile(33), 10, Optional.empty(), FileVersion.Operation.WRITE,
                Optional.of(new FileVersion.Redaction(hostile(34), AT)), Optional.empty());
        HistoryPage history = new HistoryPage(path(30), List.of(
                new HistoryPage.Change(kept, Optional.of(List.of(new DiffLine(DiffLine.Kind.ADDED, hostile(35))))),
                new HistoryPage.Change(redacted, Optional.empty())), 1, 3, 60);

        assertEscaped(WebPages.history(FRAME, history), 1, 2, 3, 30, 31, 32, 33, 34, 35);
    }

    @Test
    void theIndexSearchStaleAndDeletedPages_escapeTheirEntries() {
        IndexGauge gauge = new IndexGauge(true, new IndexMeasure(10, 100, IndexBudget.DEFAULT));
        RecallAnswer answer = new RecallAnswer(List.of(new RecallMatch(hostile(41), hostile(42), 1.0)), false, 1);
        MemoryAges.Age age = new MemoryAges.Age(hostile(43), AT, false, AT, 90, true, hostile(44));
        GoneFile moved = new GoneFile(path(45), new FileVersion(1, AT, hostile(46), 1, SHA256,
                FileVersion.Operation.RENAME, Optional.empty(), Optional.of(path(47))));
        GoneFile deleted = new GoneFile(path(48), new FileVersion(1, AT, hostile(49), 1, SHA256,
                FileVersion.Operation.DELETE, Optional.empty(), Optional.empty()));

        assertEscaped(WebPages.index(FRAME, gauge), 1, 2, 3);
        assertEscaped(WebPages.search(FRAME, hostile(40), answer), 1, 2, 3, 40, 41, 42);
        assertEscaped(WebPages.stale(FRAME, List.of(age)), 1, 2, 3, 43);
        assertEscaped(WebPages.gone(FRAME, List.of(moved, deleted)), 1, 2, 3, 45, 46, 47, 48, 49);
    }

    /**
     * Asserts that each numbered value shows on {@code page}, and only escaped: as element text (the markup's
     * {@code <} and {@code >} escaped), as a quoted attribute's value (its quotes escaped too), or as Markdown
     * rendered inert; nothing else of it, and no script element but the page's own.
     */
    private static void assertEscaped(String page, int... fields) {
        assertThat(page).doesNotContain("<script>");
        for (int n : fields) {
            String asText = "&lt;script&gt;alert(" + n + ")&lt;/script&gt;\"onmouseover=alert(" + n + ") '";
            String asAttribute = "&lt;script>alert(" + n + ")&lt;/script>&#34;onmouseover=alert(" + n + ") &#39;";
            String asMarkdown = "&lt;script&gt;alert(" + n + ")&lt;/script&gt;&quot;onmouseover=alert(" + n + ") '";
            String rest = page.replace(asText, "").replace(asAttribute, "").replace(asMarkdown, "");

            assertThat(rest).as("field %d", n).isNotEqualTo(page).doesNotContain("alert(" + n + ")");
        }
    }
}
