package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.store.StoreLimits;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class StrReplaceTest extends OnEveryStore {

    static final String SEVEN = "one\ntwo\nthree\nfour\nfive\nsix\nseven";
    private static final String EDITED =
            "The memory file has been edited. Here is the snippet showing the change (with line numbers):\n";

    static Stream<Arguments> edits() {
        return Stream.of(
                Arguments.of("middle line: two lines either side", "four", "FOUR",
                        "one\ntwo\nthree\nFOUR\nfive\nsix\nseven",
                        "     2\ttwo\n     3\tthree\n     4\tFOUR\n     5\tfive\n     6\tsix"),
                Arguments.of("first line: clamped at the start", "one", "ONE",
                        "ONE\ntwo\nthree\nfour\nfive\nsix\nseven",
                        "     1\tONE\n     2\ttwo\n     3\tthree"),
                Arguments.of("second line", "two", "TWO",
                        "one\nTWO\nthree\nfour\nfive\nsix\nseven",
                        "     1\tone\n     2\tTWO\n     3\tthree\n     4\tfour"),
                Arguments.of("last line: clamped at the end", "seven", "SEVEN",
                        "one\ntwo\nthree\nfour\nfive\nsix\nSEVEN",
                        "     5\tfive\n     6\tsix\n     7\tSEVEN"),
                Arguments.of("part of a line", "hre", "HRE",
                        "one\ntwo\ntHREe\nfour\nfive\nsix\nseven",
                        "     1\tone\n     2\ttwo\n     3\ttHREe\n     4\tfour\n     5\tfive"),
                Arguments.of("old_str spanning lines", "three\nfour", "X",
                        "one\ntwo\nX\nfive\nsix\nseven",
                        "     1\tone\n     2\ttwo\n     3\tX\n     4\tfive\n     5\tsix"),
                Arguments.of("old_str starting with a newline", "\nfour", "",
                        "one\ntwo\nthree\nfive\nsix\nseven",
                        "     1\tone\n     2\ttwo\n     3\tthree\n     4\tfive\n     5\tsix"),
                Arguments.of("new_str with more lines", "four", "a\nb\nc",
                        "one\ntwo\nthree\na\nb\nc\nfive\nsix\nseven",
                        "     2\ttwo\n     3\tthree\n     4\ta\n     5\tb\n     6\tc"),
                Arguments.of("new_str with $ and backslashes, taken literally", "four", "$1 $0 \\1 \\\\ ${x} \\n",
                        "one\ntwo\nthree\n$1 $0 \\1 \\\\ ${x} \\n\nfive\nsix\nseven",
                        "     2\ttwo\n     3\tthree\n     4\t$1 $0 \\1 \\\\ ${x} \\n\n     5\tfive\n     6\tsix"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("edits")
    void strReplace_uniqueMatch_replacedAndSnippetShown(String title, String oldStr, String newStr,
            String expectedContent, String expectedSnippet) throws Exception {
        memory.write("f.md", SEVEN);

        assertThat(memory.text("str_replace", "path", "/memories/f.md", "old_str", oldStr, "new_str", newStr))
                .isEqualTo(EDITED + expectedSnippet);
        assertThat(memory.read("f.md")).isEqualTo(expectedContent);
    }

    @Test
    void strReplace_regexCharactersInOldStr_matchedLiterally() throws Exception {
        memory.write("f.md", "a f.*r b\nfour");

        assertThat(memory.text("str_replace", "path", "/memories/f.md", "old_str", "f.*r", "new_str", "X"))
                .isEqualTo(EDITED + "     1\ta X b\n     2\tfour");
        assertThat(memory.read("f.md")).isEqualTo("a X b\nfour");
    }

    @Test
    void strReplace_missingNewStr_deletesOldStr() throws Exception {
        memory.write("f.md", SEVEN);

        assertThat(memory.text("str_replace", "path", "/memories/f.md", "old_str", "two\n"))
                .isEqualTo(EDITED + "     1\tone\n     2\tthree\n     3\tfour\n     4\tfive");
        assertThat(memory.read("f.md")).isEqualTo("one\nthree\nfour\nfive\nsix\nseven");
    }

    @Test
    void strReplace_crlfFile_keepsCarriageReturns() throws Exception {
        memory.write("dos.txt", "a\r\nb\r\nc\r\n");

        assertThat(memory.text("str_replace", "path", "/memories/dos.txt", "old_str", "b", "new_str", "B"))
                .isEqualTo(EDITED + "     1\ta\r\n     2\tB\r\n     3\tc\r\n     4\t");
        assertThat(memory.read("dos.txt")).isEqualTo("a\r\nB\r\nc\r\n");
    }

    @Test
    void strReplace_matchInFileEndingInNewline_snippetShowsEmptyLastLine() throws Exception {
        memory.write("f.md", "a\nb\n");

        assertThat(memory.text("str_replace", "path", "/memories/f.md", "old_str", "b", "new_str", "B"))
                .isEqualTo(EDITED + "     1\ta\n     2\tB\n     3\t");
    }

    static Stream<Arguments> repeated() {
        return Stream.of(
                Arguments.of("on different lines: each line named", "x\ny\nx", "x", "1, 3"),
                Arguments.of("twice on one line: the line named once", "ab ab\ncd\nab", "ab", "1, 3"),
                Arguments.of("twice on one line only", "ab ab", "ab", "1"),
                Arguments.of("spanning lines: the lines where each starts", "a\nb\nc\na\nb", "a\nb", "1, 4"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("repeated")
    void strReplace_repeatedOldStr_refusedNamingLinesAndUnchanged(String title, String content, String oldStr,
            String lines) throws Exception {
        memory.write("f.md", content);

        assertThat(memory.error("str_replace", "path", "/memories/f.md", "old_str", oldStr, "new_str", "z"))
                .isEqualTo("Error: No replacement was performed. Multiple occurrences of old_str `" + oldStr
                        + "` in lines: " + lines + ". Please ensure it is unique");
        assertThat(memory.read("f.md")).isEqualTo(content);
    }

    @ParameterizedTest(name = "old_str \"{0}\"")
    @CsvSource(delimiter = '|', value = {
        "Four | 4 | Error: No replacement was performed, old_str `Four` did not appear verbatim in /memories/f.md.",
        "''   | x | Error: No replacement was performed, old_str is empty. Give the exact text to replace in"
                + " /memories/f.md."})
    void strReplace_noMatchOrEmptyOldStr_refusedAndUnchanged(String oldStr, String newStr, String expected)
            throws Exception {
        memory.write("f.md", SEVEN);

        assertThat(memory.error("str_replace", "path", "/memories/f.md", "old_str", oldStr, "new_str", newStr))
                .isEqualTo(expected);
        assertThat(memory.read("f.md")).isEqualTo(SEVEN);
    }

    @Test
    void strReplace_missingFile_notFound() throws Exception {
        assertThat(memory.error("str_replace", "path", "/memories/nope.md", "old_str", "a", "new_str", "b"))
                .isEqualTo("Error: The path /memories/nope.md does not exist. Please provide a valid path.");
        assertThat(memory.exists("nope.md")).isFalse();
    }

    @Test
    void strReplace_directory_notAFile() throws Exception {
        memory.mkdirs("d");

        assertThat(memory.error("str_replace", "path", "/memories/d/", "old_str", "a", "new_str", "b"))
                .isEqualTo("Error: The path /memories/d is not a file.");
        assertThat(memory.error("str_replace", "path", "/memories", "old_str", "a", "new_str", "b"))
                .isEqualTo("Error: The path /memories is not a file.");
    }

    @Test
    void strReplace_overSizeCap_refusedAndUnchanged() throws Exception {
        try (MemoryFixture capped = MemoryFixture.open(temp.resolve("capped"), kind, StoreLimits.perFile(20))) {
            capped.write("f.md", "0123456789");

            assertThat(capped.error("str_replace", "path", "/memories/f.md", "old_str", "5", "new_str", "x".repeat(12)))
                    .isEqualTo("Error: File /memories/f.md would be 21 bytes, over the limit of 20 bytes per file."
                            + " Nothing was written; split the content into several files.");
            assertThat(capped.read("f.md")).isEqualTo("0123456789");
            assertThat(capped.listed("")).containsExactly("f.md");
        }
    }
}
