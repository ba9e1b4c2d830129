package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ViewFileTest extends OnEveryStore {

    private static final String FIVE_LINES = "l1\nl2\nl3\nl4\nl5";
    private static final Pattern PAGE_NOTICE = Pattern.compile(
            "\\[Lines (\\d+)-(\\d+) of (\\d+) shown: a view is limited to 16,000 characters\\. "
                    + "Use view_range \\[(\\d+), (-?\\d+)] to see the rest\\.]");

    @Test
    void view_file_numberedLinesSixWideThenTab() throws Exception {
        memory.write("notes.md", "first line\nsecond line");

        assertThat(memory.view("/memories/notes.md")).isEqualTo(
                "Here's the content of /memories/notes.md with line numbers:\n"
                        + "     1\tfirst line\n"
                        + "     2\tsecond line");
    }

    static Stream<Arguments> lineEnds() {
        return Stream.of(
                Arguments.of("notes.md", "a\nb\n", "\n     1\ta\n     2\tb\n     3\t"),
                Arguments.of("empty.md", "", "\n     1\t"),
                Arguments.of("dos.txt", "a\r\nb\r\n", "\n     1\ta\r\n     2\tb\r\n     3\t"));
    }

    /** A file ending in a newline shows its last, empty line; an empty file one empty line; a CR stays on its line. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("lineEnds")
    void view_lineEnds_eachLineShownWithWhatEndsIt(String name, String content, String shown) throws Exception {
        memory.write(name, content);

        assertThat(memory.view("/memories/" + name)).isEqualTo(header("/memories/" + name) + shown);
    }

    @Test
    void view_manyLines_numbersRightAligned() throws Exception {
        memory.write("ten.md", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11");

        assertThat(memory.text("view", "path", "/memories/ten.md", "view_range", List.of(9, 11))).isEqualTo(
                header("/memories/ten.md") + "\n     9\t9\n    10\t10\n    11\t11");
    }

    @Test
    void view_fileWithTrailingSlash_echoedWithoutIt() throws Exception {
        memory.write("notes.md", "x");

        assertThat(memory.view("/memories/notes.md/")).isEqualTo(header("/memories/notes.md") + "\n     1\tx");
    }

    @Test
    void view_invalidUtf8_shownWithReplacementCharacter() throws Exception {
        memory.writeBytes("latin1.txt", new byte[] {'a', (byte) 0xE9, 'b'});

        assertThat(memory.view("/memories/latin1.txt")).isEqualTo(header("/memories/latin1.txt") + "\n     1\ta\uFFFDb");
    }

    static Stream<Arguments> ranges() {
        return Stream.of(
                Arguments.of(List.of(2, 4), 2, 4),
                Arguments.of(List.of(1, 1), 1, 1),
                Arguments.of(List.of(0, 2), 1, 2),
                Arguments.of(List.of(-7, 2), 1, 2),
                Arguments.of(List.of(4, 99), 4, 5),
                Arguments.of(List.of(3, -1), 3, 5),
                Arguments.of(List.of(5, -1), 5, 5),
                Arguments.of(List.of(2.0, 3.0), 2, 3),
                Arguments.of(List.of(2L, 3L), 2, 3),
                Arguments.of(List.of(new BigInteger("2"), new BigDecimal("3")), 2, 3));
    }

    @ParameterizedTest(name = "{0} -> lines {1}..{2}")
    @MethodSource("ranges")
    void view_range_selectsClampedLines(List<Object> range, int first, int last) throws Exception {
        memory.write("five.md", FIVE_LINES);

        assertThat(memory.text("view", "path", "/memories/five.md", "view_range", range))
                .isEqualTo(header("/memories/five.md") + "\n" + numbered(FIVE_LINES.split("\n"), first, last));
    }

    static Stream<List<Object>> emptySelections() {
        return Stream.of(List.of(6, -1), List.of(6, 10), List.of(4, 2), List.of(1, 0), List.of(3, -2));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("emptySelections")
    void view_rangeSelectingNothing_headerAndNewlineOnly(List<Object> range) throws Exception {
        memory.write("five.md", FIVE_LINES);

        assertThat(memory.text("view", "path", "/memories/five.md", "view_range", range))
                .isEqualTo(header("/memories/five.md") + "\n");
    }

    @Test
    void view_rangeStartBeyondIntRange_selectsNothing() throws Exception {
        memory.write("five.md", FIVE_LINES);

        assertThat(memory.text("view", "path", "/memories/five.md", "view_range", List.of(4_294_967_297L, -1)))
                .isEqualTo(header("/memories/five.md") + "\n");
    }

    static Stream<List<Object>> rangesNotOfLengthTwo() {
        return Stream.of(List.of(), List.of(2), List.of(2, 3, 4), List.of("a", "b", "c"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rangesNotOfLengthTwo")
    void view_rangeNotOfLengthTwo_ignored(List<Object> range) throws Exception {
        memory.write("five.md", FIVE_LINES);

        assertThat(memory.text("view", "path", "/memories/five.md", "view_range", range))
                .isEqualTo(memory.view("/memories/five.md"));
    }

    static Stream<Object> rangesOfWrongType() {
        return Stream.of("1,2", "[1, 2]", 3, true, Map.of("start", 1), List.of(1, "2"), List.of("1", 2),
                List.of(1.5, 2), Arrays.asList(null, 2));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rangesOfWrongType")
    void view_rangeOfWrongType_rejected(Object range) throws Exception {
        memory.write("five.md", FIVE_LINES);

        assertThat(memory.error("view", "path", "/memories/five.md", "view_range", range))
                .isEqualTo("Error: Parameter `view_range` of command view must be an array of two integers");
    }

    @Test
    void view_missingFile_notFound() {
        assertThat(memory.error("view", "path", "/memories/nope.md"))
                .isEqualTo("Error: The path /memories/nope.md does not exist. Please provide a valid path.");
        assertThat(memory.error("view", "path", "/memories/no/such/dir/"))
                .isEqualTo("Error: The path /memories/no/such/dir does not exist. Please provide a valid path.");
    }

    @Test
    void view_pathBelowAFile_notFound() throws Exception {
        memory.write("notes.md", "x");

        assertThat(memory.error("view", "path", "/memories/notes.md/child.md"))
                .isEqualTo("Error: The path /memories/notes.md/child.md does not exist. Please provide a valid path.");
    }

    @Test
    void view_overLineLimit_rejected() throws Exception {
        memory.write("many.txt", "\n".repeat(999_999));

        assertThat(memory.error("view", "path", "/memories/many.txt"))
                .isEqualTo("Error: File /memories/many.txt exceeds maximum line limit of 999,999 lines.");
    }

    @Test
    void view_atLineLimit_shown() throws Exception {
        memory.write("many.txt", "\n".repeat(999_998));

        assertThat(memory.view("/memories/many.txt"))
                .startsWith(header("/memories/many.txt") + "\n     1\t\n     2\t\n")
                .contains(" of 999999 shown: ");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"photo.png, image/png", "photo.jpg, image/jpeg", "photo.jpeg, image/jpeg", "PHOTO.PNG, image/png",
        "photo.JPeg, image/jpeg"})
    void view_image_returnsImageContentWithMimeType(String name, String mimeType) throws Exception {
        byte[] bytes = {(byte) 0x89, 'P', 'N', 'G', 0, (byte) 0xFF, '\n'};
        memory.writeBytes("pics/" + name, bytes);

        CommandOutput output = memory.tool.call("view", MemoryFixture.args("path", "/memories/pics/" + name));

        assertThat(output).isInstanceOf(CommandOutput.Image.class);
        CommandOutput.Image image = (CommandOutput.Image) output;
        assertThat(image.mimeType()).isEqualTo(mimeType);
        assertThat(image.data()).isEqualTo(bytes);
    }

    @Test
    void view_otherExtension_shownAsText() throws Exception {
        memory.write("png.md", "not a picture");
        memory.write("photo.png.txt", "not a picture");

        assertThat(memory.view("/memories/png.md")).isEqualTo(header("/memories/png.md") + "\n     1\tnot a picture");
        assertThat(memory.view("/memories/photo.png.txt"))
                .isEqualTo(header("/memories/photo.png.txt") + "\n     1\tnot a picture");
    }

    // ---- paging

    /** 250 lines that number to exactly 100 characters each: about 25,000 characters in all. */
    private String[] writeBigFile() throws IOException {
        String[] lines = new String[250];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = String.format(Locale.ROOT, "line %03d ", i + 1) + "x".repeat(84);
        }
        memory.write("big.txt", String.join("\n", lines));
        return lines;
    }

    @Test
    void view_longFile_pagedWithNoticeNamingNextRange() throws Exception {
        String[] lines = writeBigFile();

        String page = memory.view("/memories/big.txt");

        int shown = lastShown(page, 1, 250, -1);
        assertThat(page).isEqualTo(header("/memories/big.txt") + "\n" + numbered(lines, 1, shown) + "\n"
                + notice(1, shown, 250, shown + 1, -1));
        assertThat(page.length()).isLessThanOrEqualTo(16_000);
        assertThat(shown).as("lines shown on a full page").isGreaterThanOrEqualTo(150);
    }

    @Test
    void view_nextRangeFromNotice_continuesWhereThePageStopped() throws Exception {
        String[] lines = writeBigFile();
        int shown = lastShown(memory.view("/memories/big.txt"), 1, 250, -1);

        String rest = memory.text("view", "path", "/memories/big.txt", "view_range", List.of(shown + 1, -1));

        assertThat(rest).isEqualTo(header("/memories/big.txt") + "\n" + numbered(lines, shown + 1, 250));
    }

    @Test
    void view_longRangeWithEnd_noticeKeepsTheEnd() throws Exception {
        String[] lines = writeBigFile();

        String page = memory.text("view", "path", "/memories/big.txt", "view_range", List.of(10, 400));

        int shown = lastShown(page, 10, 250, 250);
        assertThat(page).isEqualTo(header("/memories/big.txt") + "\n" + numbered(lines, 10, shown) + "\n"
                + notice(10, shown, 250, shown + 1, 250));
        assertThat(page.length()).isLessThanOrEqualTo(16_000);
    }

    @Test
    void view_justUnderLimit_notPaged() throws Exception {
        String head = header("/memories/fits.txt");
        String body = "x".repeat(16_000 - head.length() - "\n     1\t".length());
        memory.write("fits.txt", body);

        String view = memory.view("/memories/fits.txt");

        assertThat(view).isEqualTo(head + "\n     1\t" + body);
        assertThat(view).hasSize(16_000);
    }

    /** Checks the notice of a paged view and returns the last line shown. */
    private static int lastShown(String page, int first, int total, int nextEnd) {
        Matcher matcher = PAGE_NOTICE.matcher(page.substring(page.lastIndexOf('\n') + 1));
        assertThat(matcher.matches()).as("last line is a page notice: %s", page.substring(page.lastIndexOf('\n') + 1))
                .isTrue();
        int last = Integer.parseInt(matcher.group(2));
        assertThat(Integer.parseInt(matcher.group(1))).isEqualTo(first);
        assertThat(Integer.parseInt(matcher.group(3))).isEqualTo(total);
        assertThat(Integer.parseInt(matcher.group(4))).isEqualTo(last + 1);
        assertThat(Integer.parseInt(matcher.group(5))).isEqualTo(nextEnd);
        return last;
    }

    private static String notice(int first, int last, int total, int nextStart, int nextEnd) {
        return "[Lines " + first + "-" + last + " of " + total
                + " shown: a view is limited to 16,000 characters. Use view_range [" + nextStart + ", " + nextEnd
                + "] to see the rest.]";
    }

    private static String header(String path) {
        return "Here's the content of " + path + " with line numbers:";
    }

    /** Returns lines {@code first..last} (1-based) numbered as view shows them. */
    static String numbered(String[] lines, int first, int last) {
        List<String> out = new ArrayList<>();
        for (int n = first; n <= last; n++) {
            out.add(String.format(Locale.ROOT, "%6d\t%s", n, lines[n - 1]));
        }
        return String.join("\n", out);
    }
}
