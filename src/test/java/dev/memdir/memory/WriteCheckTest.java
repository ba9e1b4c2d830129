package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.index.IndexBudget;
import dev.memdir.memory.store.CommandException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What every write adds: frontmatter stamps, and the index budget check after writes to MEMORY.md. */
class WriteCheckTest extends OnEveryStore {

    @Test
    void create_withFrontmatter_stampsModifiedAndOriginSession() throws Exception {
        memory.text("create", "path", "/memories/prefs.md", "file_text",
                "---\nname: prefs\nmetadata:\n  type: feedback  # kept\n---\nbody\n");

        assertThat(memory.read("prefs.md")).isEqualTo("---\nname: prefs\nmetadata:\n  type: feedback  # kept\n"
                + "  originSessionId: session-under-test\n  modified: 2026-11-29T10:15:00Z\n---\nbody\n");
    }

    @Test
    void create_withoutFrontmatter_writesExactly() throws Exception {
        memory.text("create", "path", "/memories/plain.md", "file_text", "no frontmatter\n");

        assertThat(memory.read("plain.md")).isEqualTo("no frontmatter\n");
    }

    @Test
    void strReplace_inBody_snippetShowsTheStampedFileAroundTheMatch() throws Exception {
        memory.write("t.md", "---\nname: t\n---\none\ntwo\nthree\n");

        String result = memory.text("str_replace", "path", "/memories/t.md", "old_str", "two", "new_str", "TWO");

        assertThat(memory.read("t.md"))
                .isEqualTo("---\nname: t\nmetadata:\n  modified: 2026-11-29T10:15:00Z\n---\none\nTWO\nthree\n");
        assertThat(result).isEqualTo("The memory file has been edited. Here is the snippet showing the change"
                + " (with line numbers):\n     5\t---\n     6\tone\n     7\tTWO\n     8\tthree\n     9\t");
    }

    @Test
    void insert_refreshesAnExistingModifiedValueInPlace() throws Exception {
        memory.write("t.md", "---\nmodified: 2020-01-01T00:00:00Z\ntype: user\n---\nbody");

        memory.text("insert", "path", "/memories/t.md", "insert_line", 5, "insert_text", "more");

        assertThat(memory.read("t.md")).isEqualTo("---\nmodified: 2026-11-29T10:15:00Z\ntype: user\n---\nbody\nmore");
    }

    @Test
    void malformedFrontmatter_isWrittenAsGivenWithANote() throws Exception {
        String text = "---\nname: [unclosed\n---\nbody\n";

        String result = memory.text("create", "path", "/memories/bad.md", "file_text", text);

        assertThat(memory.read("bad.md")).isEqualTo(text);
        assertThat(result).startsWith("File created successfully at: /memories/bad.md\n\nNote: the frontmatter of"
                + " /memories/bad.md could not be read (frontmatter is not valid YAML: ")
                .endsWith("), so metadata.modified was not updated; the file was written exactly as given.");
    }

    static Stream<Arguments> indexWrites() {
        return Stream.of(
                Arguments.of("within the budget: plain success", "MEMORY.md", 179, false,
                        "File created successfully at: /memories/MEMORY.md"),
                Arguments.of("near the budget: success with a reminder", "MEMORY.md", 180, false,
                        "File created successfully at: /memories/MEMORY.md\n\n"
                                + "Note: /memories/MEMORY.md is near its budget (180/200 lines, 1.8/25.0 KB). Keep it"
                                + " an index: one line per entry, move detail into topic files, merge or drop stale"
                                + " entries."),
                Arguments.of("over the budget: the write kept and an error result", "MEMORY.md", 201, true,
                        "File created successfully at: /memories/MEMORY.md\n\n"
                                + "Over budget: the write succeeded, but /memories/MEMORY.md is now 201/200 lines,"
                                + " 2.0/25.0 KB. Everything past 200 lines or 25.0 KB is dropped from every load, so"
                                + " agents will not see it. Rewrite /memories/MEMORY.md now to about 140 lines / 17.5"
                                + " KB: one line per entry, detail moved into topic files, stale entries merged or"
                                + " dropped."),
                Arguments.of("the same name below the root: not the index", "sub/MEMORY.md", 300, false,
                        "File created successfully at: /memories/sub/MEMORY.md"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("indexWrites")
    void indexBudget_checkedAfterEveryWriteToTheIndex(String title, String relative, int count, boolean isError,
            String expected) throws Exception {
        CommandOutput.Text output = call("create", "path", "/memories/" + relative, "file_text", lines(count));

        assertThat(output.isError()).isEqualTo(isError);
        assertThat(output.text()).isEqualTo(expected);
        assertThat(memory.read(relative)).isEqualTo(lines(count));
    }

    @Test
    void deletingTheIndex_needsNoCheck() throws Exception {
        memory.write("MEMORY.md", lines(300));

        assertThat(call("delete", "path", "/memories/MEMORY.md"))
                .isEqualTo(new CommandOutput.Text("Successfully deleted /memories/MEMORY.md", false));
    }

    @Test
    void budgetComesFromTheTool() throws Exception {
        MemoryTool small = new MemoryTool(memory.store, MemoryFixture.stamper(), false, new IndexBudget(4, 1000, 0.9, 0.5));

        CommandOutput.Text output = (CommandOutput.Text) small.call("create",
                MemoryFixture.args("path", "/memories/MEMORY.md", "file_text", lines(5)));

        assertThat(output.isError()).isTrue();
        assertThat(output.text()).contains("is now 5/4 lines").contains("to about 2 lines / 0.5 KB");
    }

    private CommandOutput.Text call(String command, Object... keysAndValues) throws CommandException {
        return (CommandOutput.Text) memory.tool.call(command, MemoryFixture.args(keysAndValues));
    }

    /** Returns {@code count} lines of 9 bytes each ("entry 001\n" is 10 with its newline). */
    private static String lines(int count) {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= count; i++) {
            text.append(String.format("entry %03d%n", i).replace(System.lineSeparator(), "\n"));
        }
        return text.toString();
    }
}
