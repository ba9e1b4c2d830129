package dev.memdir.markdown;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Named.named;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BlockCommentsTest {

    static Stream<Arguments> stripped() {
        return Stream.of(
                arguments(named("comment alone on its line: removed with the line",
                        "# Index\n<!-- maintainer note -->\n- entry\n"), "# Index\n- entry\n"),
                arguments(named("multi-line comment: removed through its close",
                        "# Index\n<!--\nline one\n\nline two\n-->\n- entry\n"), "# Index\n- entry\n"),
                arguments(named("text after the close: stays on its line",
                        "<!-- note --> kept text\n- entry\n"), " kept text\n- entry\n"),
                arguments(named("text after the close of a multi-line comment: stays",
                        "<!-- one\ntwo -->kept\nnext\n"), "kept\nnext\n"),
                arguments(named("white space after the close: line removed", "<!-- note -->  \t\nnext\n"), "next\n"),
                arguments(named("two comments in a row: both removed", "a\n\n<!-- one -->\n<!-- two -->\nb\n"),
                        "a\n\nb\n"),
                arguments(named("comment after a blank line: the blank lines around it stay",
                        "a\n\n<!-- one -->\n\nb\n"), "a\n\n\nb\n"),
                arguments(named("comment interrupting a paragraph: removed",
                        "first line\n<!-- note -->\nsecond line\n"), "first line\nsecond line\n"),
                arguments(named("comment indented up to three spaces: removed with its indent",
                        "a\n\n   <!-- note -->\nb\n"), "a\n\nb\n"),
                arguments(named("empty comments: removed", "<!---->\n<!-->\n<!--->\nb\n"), "b\n"),
                arguments(named("CRLF line endings: preserved",
                        "# Index\r\n<!-- one\r\ntwo -->\r\n- entry\r\n<!-- x --> y\r\nz\r\n"),
                        "# Index\r\n- entry\r\n y\r\nz\r\n"),
                arguments(named("comment at the end without a newline: removed", "a\n<!-- last -->"), "a\n"),
                arguments(named("text after a comment at the end without a newline: stays",
                        "a\n<!-- last --> tail"), "a\n tail"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stripped")
    void strip_removesBlockComments(String markdown, String expected) {
        assertThat(BlockComments.strip(markdown)).isEqualTo(expected);
    }

    static Stream<Arguments> kept() {
        return Stream.of(
                arguments(named("inline comment in a paragraph", "Some text <!-- inline --> more text\n")),
                arguments(named("comment in a backtick fence", "```\n<!-- in code -->\n```\n")),
                arguments(named("comment in a tilde fence", "~~~md\n<!-- in code -->\n~~~\n")),
                arguments(named("comment in an indented code block", "text\n\n    code\n    <!-- in code -->\n")),
                arguments(named("comment indented four spaces", "    <!-- indented code -->\n")),
                arguments(named("comment in a code span", "`<!-- code span -->`\n")),
                arguments(named("unclosed comment", "a\n\n<!-- never closed\nb\n")),
                arguments(named("comment in a block quote", "> <!-- quoted -->\n> text\n")),
                arguments(named("comment in a list item", "- item\n\n  <!-- in item -->\n")),
                arguments(named("text without comments, byte for byte", "# Tïtle 🚀\r\n\r\n- one\n- two\r\n\n")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kept")
    void strip_keepsTextThatIsNoBlockComment(String markdown) {
        assertThat(BlockComments.strip(markdown)).isEqualTo(markdown);
    }

    @Test
    void emptyInput_staysEmpty() {
        assertThat(BlockComments.strip("")).isEmpty();
    }
}
