package dev.memdir.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A browser posts a textarea with CRLF line ends: a new file is saved with LF. */
class WebChangesTest {

    static Stream<Arguments> lfLineEnds() {
        return Stream.of(
                Arguments.of(Named.named("CRLF becomes LF", "a\r\nb\r\n"), "a\nb\n"),
                Arguments.of(Named.named("a lone CR is text, kept", "a\rb\r\n"), "a\rb\n"),
                Arguments.of(Named.named("no line end at all", "a"), "a"),
                Arguments.of(Named.named("LF posted by a script stays LF", "a\nb"), "a\nb"));
    }

    @ParameterizedTest
    @MethodSource
    void lfLineEnds(String posted, String saved) {
        assertThat(WebChanges.lfLineEnds(posted)).isEqualTo(saved);
    }
}
