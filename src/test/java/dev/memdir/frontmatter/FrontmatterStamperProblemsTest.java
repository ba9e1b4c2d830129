package dev.memdir.frontmatter;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FrontmatterStamperProblemsTest {

    private final FrontmatterStamper stamper =
            new FrontmatterStamper(Clock.fixed(Instant.parse("2026-11-29T10:15:00Z"), ZoneOffset.UTC), "s-1");

    static Stream<Arguments> unstampable() {
        return Stream.of(
                Arguments.of("---\nname: [unclosed\n---\nbody\n",
                        "frontmatter is not valid YAML: expected ',' or ']', but got <stream end> (line 3)"),
                Arguments.of("---\nname: a: b\n---\n",
                        "frontmatter is not valid YAML: mapping values are not allowed here (line 2)"),
                Arguments.of("---\nname: x\nmetadata:\n\ttype: user\n---\n",
                        "frontmatter is not valid YAML: found character '\\t(TAB)' that cannot start any token."
                                + " (Do not use \\t(TAB) for indentation) (line 4)"),
                Arguments.of("---\r\na: 1\r\n...\r\nb: 2\r\n---\r\n",
                        "frontmatter is not valid YAML: expected '<document start>', but found '<block mapping start>'"
                                + " (line 4)"),
                Arguments.of("---\na: \u0001\n---\n", "frontmatter is not valid YAML: special characters are not allowed"),
                Arguments.of("---\n- a\n- b\n---\n", "frontmatter is not a mapping"),
                Arguments.of("---\njust text\n---\n", "frontmatter is not a mapping"),
                Arguments.of("---\n{name: x, metadata: {}}\n---\n", "frontmatter is not a block mapping"),
                Arguments.of("---\nmetadata: {type: x}\n---\n", "frontmatter metadata is not a block mapping"),
                Arguments.of("---\nmetadata:\n  - type\n---\n", "frontmatter metadata is not a block mapping"),
                Arguments.of("---\nmetadata: user\n---\n", "frontmatter metadata is not a block mapping"),
                Arguments.of("---\nmetadata:\n  modified:\n    at: 1\n---\n",
                        "frontmatter metadata.modified is not a single value"),
                Arguments.of("---\ntype: x\nmodified: [2020]\n---\n", "frontmatter modified is not a single value"),
                // Replacing the value drops its anchor, so the alias below would no longer resolve.
                Arguments.of("---\nmetadata:\n  modified: &m 2020-01-01\nsince: *m\n---\n",
                        "frontmatter could not be stamped safely"),
                // The last entry is an alias, whose node stands where its anchor is: an insert there would miss.
                Arguments.of("---\ndefaults: &d\n  a: 1\nmetadata:\n  type: x\n  copy: *d\n---\n",
                        "frontmatter could not be stamped safely"));
    }

    @ParameterizedTest
    @MethodSource("unstampable")
    void stamp_unstampableFrontmatter_unchangedWithReason(String content, String reason) {
        assertThat(stamper.stamp(content, true)).isEqualTo(new Stamp(content, Optional.of(reason)));
    }
}
