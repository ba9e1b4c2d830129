package dev.memdir.frontmatter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Named.named;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class FrontmatterTest {

    static Stream<Arguments> fenced() {
        return Stream.of(
                Arguments.of(named("fenced YAML", """
                        ---
                        name: a
                        ---
                        body
                        """), "name: a\n"),
                Arguments.of(named("CRLF lines: YAML with CRLF", "---\r\nname: a\r\nb: 1\r\n---\r\nbody\r\n"),
                        "name: a\r\nb: 1\r\n"),
                Arguments.of(named("fences with trailing blanks: accepted", "---  \nname: a\n--- \t\nbody"),
                        "name: a\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fenced")
    void find_givesYamlAndBodyStart(String text, String yaml) {
        Frontmatter frontmatter = Frontmatter.find(text).orElseThrow();

        assertThat(frontmatter.yaml()).isEqualTo(yaml);
        assertThat(frontmatter.bodyStart()).isEqualTo(text.indexOf("body"));
    }

    @Test
    void find_closingFenceAtEnd_bodyStartsAtLength() {
        String text = "---\nname: a\n---";

        assertThat(Frontmatter.find(text).orElseThrow().bodyStart()).isEqualTo(text.length());
    }

    @Test
    void find_emptyYaml_givesEmptyString() {
        Frontmatter frontmatter = Frontmatter.find("---\n---\nbody").orElseThrow();

        assertThat(frontmatter.yaml()).isEmpty();
        assertThat(frontmatter.bodyStart()).isEqualTo(8);
    }

    @Test
    void find_bodyWithItsOwnFences_stopsAtFirstClosingFence() {
        String text = """
                ---
                a: 1
                ---
                body
                ---
                more
                ---
                """;

        Frontmatter frontmatter = Frontmatter.find(text).orElseThrow();

        assertThat(frontmatter.yaml()).isEqualTo("a: 1\n");
        assertThat(text.substring(frontmatter.bodyStart())).isEqualTo("body\n---\nmore\n---\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "---",
        "---\n",
        "---\nname: a\nbody\n",
        "# title\n---\na: 1\n---\n",
        " ---\na: 1\n---\n",
        "----\na: 1\n---\n",
        "--- a: 1\n---\n",
        "---\na: 1\n----\n",
        "---\na: 1\n ---\n",
        "\uFEFF---\na: 1\n---\n",
        "---\ra: 1\r---\r",
    })
    void find_noOpeningOrNoClosingFence_empty(String text) {
        assertThat(Frontmatter.find(text)).isEmpty();
    }

    static Stream<Arguments> strips() {
        return Stream.of(
                Arguments.of("---\nname: a\n---\nbody\n", "body\n"),
                Arguments.of("---\r\nname: a\r\n---\r\nbody\r\n", "body\r\n"),
                Arguments.of("---\nname: a\n---", ""),
                Arguments.of("---\n---\n\nbody", "\nbody"),
                Arguments.of("no frontmatter\n---\n", "no frontmatter\n---\n"),
                Arguments.of("---\nunclosed: yes\n", "---\nunclosed: yes\n"),
                Arguments.of("---\nnot: [valid\n---\nbody", "body"));
    }

    @ParameterizedTest
    @MethodSource("strips")
    void strip_removesFrontmatterOnly(String text, String expected) {
        assertThat(Frontmatter.strip(text)).isEqualTo(expected);
    }
}
