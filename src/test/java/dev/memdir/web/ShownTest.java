package dev.memdir.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A name on the page shows what it is: with no bidirectional control left to reorder it. */
class ShownTest {

    static Stream<Arguments> name() {
        return Stream.of(
                Arguments.of(Named.named("a plain name", "/memories/notes.md"), "/memories/notes.md"),
                Arguments.of(Named.named("a right-to-left override", "x\u202Egpj.exe"), "x[U+202E]gpj.exe"),
                Arguments.of(Named.named("isolates and marks", "\u2066a\u2069\u200F\u061C"),
                        "[U+2066]a[U+2069][U+200F][U+061C]"),
                Arguments.of(Named.named("other non-ASCII stays", "\u00e9t\u00e9 \uD83E\uDDE0.md"),
                        "\u00e9t\u00e9 \uD83E\uDDE0.md"));
    }

    @ParameterizedTest
    @MethodSource
    void name(String name, String shown) {
        assertThat(Shown.name(name)).isEqualTo(shown);
    }
}
