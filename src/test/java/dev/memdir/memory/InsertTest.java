package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.store.StoreLimits;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class InsertTest extends OnEveryStore {

    static Stream<Arguments> inserts() {
        return Stream.of(
                Arguments.of("a\nb\nc", 0, "x", "x\na\nb\nc"),
                Arguments.of("a\nb\nc", 2, "x", "a\nb\nx\nc"),
                Arguments.of("a\nb\nc", 3, "x", "a\nb\nc\nx"),
                Arguments.of("a\nb\nc", 2, "x\n", "a\nb\nx\nc"),
                Arguments.of("a\nb\nc", 1, "x\ny", "a\nx\ny\nb\nc"),
                Arguments.of("a\nb\nc", 1, "x\ny\n", "a\nx\ny\nb\nc"),
                Arguments.of("a\nb\nc", 1, "x\n\n", "a\nx\n\nb\nc"),
                Arguments.of("a\nb\nc", 1, "", "a\n\nb\nc"),
                Arguments.of("a\nb\nc", 1, "\n", "a\n\nb\nc"),
                Arguments.of("a\nb\nc\n", 0, "x", "x\na\nb\nc\n"),
                Arguments.of("a\nb\nc\n", 3, "x", "a\nb\nc\nx\n"),
                Arguments.of("a\nb\nc\n", 4, "x", "a\nb\nc\n\nx"),
                Arguments.of("a\r\nb\r\n", 1, "x\r\n", "a\r\nx\r\nb\r\n"),
                Arguments.of("", 0, "x", "x\n"),
                Arguments.of("", 1, "x", "\nx"));
    }

    @ParameterizedTest(name = "{0} + line {1}: {2}")
    @MethodSource("inserts")
    void insert_placesTextAfterLine(String content, long line, String text, String expected) throws Exception {
        memory.write("f.md", content);

        assertThat(memory.text("insert", "path", "/memories/f.md", "insert_line", line, "insert_text", text))
                .isEqualTo("The file /memories/f.md has been edited.");
        assertThat(memory.read("f.md")).isEqualTo(expected);
    }

    @Test
    void insert_lineAsWholeDouble_accepted() throws Exception {
        memory.write("f.md", "a\nb");

        memory.text("insert", "path", "/memories/f.md", "insert_line", 1.0, "insert_text", "x");

        assertThat(memory.read("f.md")).isEqualTo("a\nx\nb");
    }

    static Stream<Arguments> outOfRange() {
        return Stream.of(
                Arguments.of("a\nb\nc", 4L, "Error: Invalid `insert_line` parameter: 4. It should be within the range"
                        + " of lines of the file: [0, 3]"),
                Arguments.of("a\nb\nc", -1L, "Error: Invalid `insert_line` parameter: -1. It should be within the range"
                        + " of lines of the file: [0, 3]"),
                Arguments.of("a\nb\nc\n", 5L, "Error: Invalid `insert_line` parameter: 5. It should be within the range"
                        + " of lines of the file: [0, 4]"),
                Arguments.of("", 2L, "Error: Invalid `insert_line` parameter: 2. It should be within the range"
                        + " of lines of the file: [0, 1]"),
                Arguments.of("a", Long.MAX_VALUE, "Error: Invalid `insert_line` parameter: 9223372036854775807."
                        + " It should be within the range of lines of the file: [0, 1]"),
                Arguments.of("a", 4_294_967_296L, "Error: Invalid `insert_line` parameter: 4294967296."
                        + " It should be within the range of lines of the file: [0, 1]"));
    }

    @ParameterizedTest(name = "{0} line {1}")
    @MethodSource("outOfRange")
    void insert_lineOutOfRange_refusedAndUnchanged(String content, long line, String expected) throws Exception {
        memory.write("f.md", content);

        assertThat(memory.error("insert", "path", "/memories/f.md", "insert_line", line, "insert_text", "x"))
                .isEqualTo(expected);
        assertThat(memory.read("f.md")).isEqualTo(content);
    }

    static Stream<Object> notIntegers() {
        return Stream.of("2", "two", 1.5, true, List.of(1), Map.of("line", 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notIntegers")
    void insert_lineNotAnInteger_refused(Object line) throws Exception {
        memory.write("f.md", "a\nb");

        assertThat(memory.error("insert", "path", "/memories/f.md", "insert_line", line, "insert_text", "x"))
                .isEqualTo("Error: Parameter `insert_line` of command insert must be an integer");
        assertThat(memory.read("f.md")).isEqualTo("a\nb");
    }

    @Test
    void insert_missingFile_notFound() throws Exception {
        assertThat(memory.error("insert", "path", "/memories/nope.md", "insert_line", 0, "insert_text", "x"))
                .isEqualTo("Error: The path /memories/nope.md does not exist. Please provide a valid path.");
        assertThat(memory.exists("nope.md")).isFalse();
    }

    @Test
    void insert_directory_notAFile() throws Exception {
        memory.mkdirs("d");

        assertThat(memory.error("insert", "path", "/memories/d", "insert_line", 0, "insert_text", "x"))
                .isEqualTo("Error: The path /memories/d is not a file.");
    }

    @Test
    void insert_overSizeCap_refusedAndUnchanged() throws Exception {
        try (MemoryFixture capped = MemoryFixture.open(temp.resolve("capped"), kind, StoreLimits.perFile(8))) {
            capped.write("f.md", "a\nb");

            assertThat(capped.error("insert", "path", "/memories/f.md", "insert_line", 1, "insert_text", "vwxyz\n"))
                    .isEqualTo("Error: File /memories/f.md would be 9 bytes, over the limit of 8 bytes per file."
                            + " Nothing was written; split the content into several files.");
            assertThat(capped.read("f.md")).isEqualTo("a\nb");
            assertThat(capped.listed("")).containsExactly("f.md");
        }
    }
}
