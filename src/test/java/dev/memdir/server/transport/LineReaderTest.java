package dev.memdir.server.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Named.named;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class LineReaderTest {

    /** What {@link #lines} shows for {@link LineReader#TOO_LONG}. */
    private static final String TOO_LONG = "<too long>";
    private static final int BUFFER = 64 * 1024;

    /** Reads {@code in} to its end; {@link LineReader#TOO_LONG} (compared by identity) becomes {@value #TOO_LONG}. */
    private static List<String> lines(InputStream in, int maxLineBytes) throws IOException {
        LineReader reader = new LineReader(in, maxLineBytes);
        List<String> lines = new ArrayList<>();
        for (byte[] line = reader.next(); line != null; line = reader.next()) {
            lines.add(line == LineReader.TOO_LONG ? TOO_LONG : new String(line, StandardCharsets.UTF_8));
        }
        assertThat(reader.next()).as("still at the end").isNull();
        return lines;
    }

    private static List<String> lines(String input, int maxLineBytes) throws IOException {
        return lines(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), maxLineBytes);
    }

    private static List<String> lines(String input) throws IOException {
        return lines(input, 1024);
    }

    /** A stream that hands out at most {@code chunk} bytes per read, as a pipe may. */
    private static InputStream trickle(String input, int chunk) {
        return new FilterInputStream(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8))) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
    }

    static Stream<Arguments> split() {
        return Stream.of(
                arguments(named("split on newline", "a\nbc\ndef\n"), List.of("a", "bc", "def")),
                arguments(named("CRLF: carriage return dropped", "a\r\nbc\r\n"), List.of("a", "bc")),
                arguments(named("mixed terminators", "a\r\nb\nc\r\n"), List.of("a", "b", "c")),
                arguments(named("carriage return not before a newline: kept", "a\rb\nc\r\r\n"),
                        List.of("a\rb", "c\r")),
                arguments(named("last line without a newline: returned", "a\nlast"), List.of("a", "last")),
                arguments(named("last line without a newline: carriage return dropped", "a\nlast\r"),
                        List.of("a", "last")),
                arguments(named("blank lines: returned empty", "\n\r\na\n\n"), List.of("", "", "a", "")),
                arguments(named("white space line: kept as it is", "  \t \n"), List.of("  \t ")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("split")
    void splitsIntoLines(String input, List<String> expected) throws Exception {
        assertThat(lines(input)).containsExactlyElementsOf(expected);
    }

    static Stream<Arguments> capOfFourBytes() {
        return Stream.of(
                arguments(named("line at the cap: accepted", "1234\nx\n"), List.of("1234", "x")),
                arguments(named("line over the cap: too long, and the next line read", "12345\nnext\n"),
                        List.of(TOO_LONG, "next")),
                arguments(named("line over the cap without a newline at the end: too long", "ok\n12345"),
                        List.of("ok", TOO_LONG)),
                arguments(named("several lines over the cap: each reported once",
                        "123456789\nab\n1234567890123\n\nabcd\n"), List.of(TOO_LONG, "ab", TOO_LONG, "", "abcd")),
                arguments(named("multibyte characters: counted in bytes", "éé\nééé\n"), List.of("éé", TOO_LONG)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("capOfFourBytes")
    void capsLinesInBytes(String input, List<String> expected) throws Exception {
        assertThat(lines(input, 4)).containsExactlyElementsOf(expected);
    }

    @Test
    void emptyStream_null() throws Exception {
        assertThat(new LineReader(new ByteArrayInputStream(new byte[0]), 1024).next()).isNull();
    }

    @Test
    void emptyLine_isNotTooLong() throws Exception {
        byte[] line = new LineReader(new ByteArrayInputStream("\n".getBytes(StandardCharsets.UTF_8)), 1024).next();

        assertThat(line).isEmpty();
        assertThat(line).isNotSameAs(LineReader.TOO_LONG);
    }

    @Test
    void bytesPassedThroughUnchanged() throws Exception {
        byte[] input = {'{', (byte) 0xC3, (byte) 0x28, 0, (byte) 0xFF, '}', '\n'};

        byte[] line = new LineReader(new ByteArrayInputStream(input), 1024).next();

        assertThat(line).containsExactly('{', (byte) 0xC3, (byte) 0x28, 0, (byte) 0xFF, '}');
    }

    @ParameterizedTest(name = "[{index}] {0} bytes")
    @ValueSource(ints = {BUFFER - 2, BUFFER - 1, BUFFER, BUFFER + 1, 3 * BUFFER + 7})
    void lineAroundBufferBoundary_readWhole(int length) throws Exception {
        String longLine = "x".repeat(length);

        assertThat(lines("a\n" + longLine + "\nafter\n", 4 * BUFFER)).containsExactly("a", longLine, "after");
    }

    @Test
    void crlfSplitAcrossBufferBoundary_carriageReturnDropped() throws Exception {
        String longLine = "y".repeat(BUFFER - 1);

        assertThat(lines(longLine + "\r\nafter\r\n", 2 * BUFFER)).containsExactly(longLine, "after");
    }

    @Test
    void newlineFirstByteOfNextBuffer() throws Exception {
        String longLine = "z".repeat(BUFFER);

        assertThat(lines(longLine + "\n\nafter", 2 * BUFFER)).containsExactly(longLine, "", "after");
    }

    @Test
    void tooLongLineSpanningBuffers_skippedAndNextLineRead() throws Exception {
        String hugeLine = "h".repeat(5 * BUFFER + 3);

        assertThat(lines("before\n" + hugeLine + "\nafter\n", BUFFER + 10))
                .containsExactly("before", TOO_LONG, "after");
    }

    @Test
    void manyShortLinesAcrossBuffers_noneLostOrSplit() throws Exception {
        List<String> expected = new ArrayList<>();
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            String line = "line-" + i;
            expected.add(line);
            input.append(line).append(i % 3 == 0 ? "\r\n" : "\n");
        }

        assertThat(lines(input.toString(), 64)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "[{index}] {0} bytes per read")
    @ValueSource(ints = {1, 2, 3, 7})
    void shortReads_sameLines(int chunk) throws Exception {
        String input = "ab\r\n\ncde\r\n1234567\nxyz";

        assertThat(lines(trickle(input, chunk), 4)).containsExactly("ab", "", "cde", TOO_LONG, "xyz");
    }
}
