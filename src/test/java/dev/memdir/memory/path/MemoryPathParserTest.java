package dev.memdir.memory.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.memdir.memory.path.InvalidMemoryPathException.Kind;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class MemoryPathParserTest {

    static Stream<Arguments> validPaths() {
        return Stream.of(
                Arguments.of("/memories", "/memories", List.of()),
                Arguments.of("/memories/", "/memories", List.of()),
                Arguments.of("/memories/notes.md", "/memories/notes.md", List.of("notes.md")),
                Arguments.of("/memories/a/b.md", "/memories/a/b.md", List.of("a", "b.md")),
                Arguments.of("/memories/a/", "/memories/a", List.of("a")),
                Arguments.of("/memories/a b/c d.md", "/memories/a b/c d.md", List.of("a b", "c d.md")),
                Arguments.of("/memories/..notes", "/memories/..notes", List.of("..notes")),
                Arguments.of("/memories/notes..md", "/memories/notes..md", List.of("notes..md")),
                Arguments.of("/memories/.hidden", "/memories/.hidden", List.of(".hidden")),
                Arguments.of("/memories/100%25", "/memories/100%25", List.of("100%25")),
                Arguments.of("/memories/ünï/😀.md", "/memories/ünï/😀.md", List.of("ünï", "😀.md")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validPaths")
    void parse_validPath_dropsOneTrailingSlashFromDisplay(String input, String display, List<String> segments)
            throws InvalidMemoryPathException {
        MemoryPath path = MemoryPathParser.parse(input);

        assertThat(path.display()).isEqualTo(display);
        assertThat(path.segments()).isEqualTo(segments);
        assertThat(path.isRoot()).isEqualTo(segments.isEmpty());
        assertThat(path).hasToString(display);
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", "/", "memories", "memories/a", "/memoriesfoo", "/memories2/a", "/Memories",
        "/MEMORIES/a", " /memories", "./memories", "//memories", "/tmp/x", "/etc/passwd", "\\memories\\a"})
    void parse_pathOutsidePrefix_rejected(String input) {
        InvalidMemoryPathException e = rejection(input);

        assertThat(e.kind()).isEqualTo(Kind.OUTSIDE_PREFIX);
        assertThat(e.path()).isEqualTo(input);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"/memories/..", "/memories/../", "/memories/../x", "/memories/a/../b", "/memories/a/..",
        "/memories/../../etc/passwd", "/memories/%2e%2e/x", "/memories/%2E%2E", "/memories/%2e", "/memories/a%2fb",
        "/memories/a%2Fb", "/memories/a%5cb", "/memories/a%5Cb", "/memories/../a\\b", "/memories/../a\u0000"})
    void parse_traversalOrEncodedSeparator_rejectedAsTraversal(String input) {
        InvalidMemoryPathException e = rejection(input);

        assertThat(e.kind()).isEqualTo(Kind.TRAVERSAL);
        assertThat(e.path()).isEqualTo(input);
    }

    static Stream<Arguments> malformedPaths() {
        String hundred = "a".repeat(100);
        String path1019 = "/memories/" + String.join("/", Collections.nCopies(10, hundred));
        return Stream.of(
                Arguments.of("/memories//", "empty segment"),
                Arguments.of("/memories//a", "empty segment"),
                Arguments.of("/memories/a//b", "empty segment"),
                Arguments.of("/memories/./a", "'.' segment"),
                Arguments.of("/memories/a/.", "'.' segment"),
                Arguments.of("/memories/.", "'.' segment"),
                Arguments.of("/memories/a\\b", "backslash at index 11"),
                Arguments.of("/memories/a\u0000b", "control character U+0000 at index 11"),
                Arguments.of("/memories/a\nb", "control character U+000A at index 11"),
                Arguments.of("/memories/a\tb", "control character U+0009 at index 11"),
                Arguments.of("/memories/a\u007fb", "control character U+007F at index 11"),
                Arguments.of("/memories/\u0085", "control character U+0085 at index 10"),
                Arguments.of("/memories/c:x", "colon at index 11"),
                Arguments.of("/memories/notes.md:stream", "colon at index 18"),
                Arguments.of("/memories/\uD800x", "unpaired surrogate at index 10"),
                Arguments.of("/memories/x\uDC00", "unpaired surrogate at index 11"),
                Arguments.of("/memories/" + "a".repeat(256), "segment longer than 255 bytes"),
                Arguments.of("/memories/" + "é".repeat(128), "segment longer than 255 bytes"),
                Arguments.of(path1019 + "/aaaaa", "longer than 1024 bytes"),
                Arguments.of("/memories/.memdir.lock", "names starting with .memdir are reserved"),
                Arguments.of("/memories/a/.memdir-tmp-123", "names starting with .memdir are reserved"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("malformedPaths")
    void parse_malformedPath_rejectedWithReason(String input, String reason) {
        InvalidMemoryPathException e = rejection(input);

        assertThat(e.kind()).isEqualTo(Kind.MALFORMED);
        assertThat(e.reason()).isEqualTo(reason);
        assertThat(e.path()).isEqualTo(input);
    }

    @Test
    void parse_limitsAreInclusive() throws InvalidMemoryPathException {
        String hundred = "a".repeat(100);
        String path1024 = "/memories/" + String.join("/", Collections.nCopies(10, hundred)) + "/aaaa";

        assertThat(MemoryPathParser.parse(path1024).display()).hasSize(1024);
        assertThat(MemoryPathParser.parse("/memories/" + "a".repeat(255)).segments()).hasSize(1);
        assertThat(MemoryPathParser.parse("/memories/" + "é".repeat(127)).segments()).hasSize(1);
    }

    private static InvalidMemoryPathException rejection(String input) {
        InvalidMemoryPathException e =
                catchThrowableOfType(InvalidMemoryPathException.class, () -> MemoryPathParser.parse(input));
        assertThat(e).as("%s should be rejected", input).isNotNull();
        return e;
    }
}
