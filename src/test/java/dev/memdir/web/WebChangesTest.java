package dev.memdir.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A browser posts a textarea with CRLF line ends: what is saved has the file's own. */
class WebChangesTest {

    static Stream<Arguments> lineEnds() {
        return Stream.of(
                Arguments.of(Named.named("an LF file: CRLF becomes LF", "a\r\nb\r\n"), false, "a\nb\n"),
                Arguments.of(Named.named("a CRLF file keeps CRLF", "a\r\nb\r\n"), true, "a\r\nb\r\n"),
                Arguments.of(Named.named("a lone CR is text, kept", "a\rb\r\n"), false, "a\rb\n"),
                Arguments.of(Named.named("no line end at all", "a"), true, "a"),
                Arguments.of(Named.named("LF posted by a script, to a CRLF file", "a\nb"), true, "a\r\nb"));
    }

    @ParameterizedTest
    @MethodSource
    void lineEnds(String posted, boolean crlf, String saved) {
        assertThat(WebChanges.lineEnds(posted, crlf)).isEqualTo(saved);
    }
}
