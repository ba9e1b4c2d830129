package dev.memdir.instructions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GlobTest {

    /** Rows agree with picomatch 4.0.5 ({@code dot: true}) except where a comment says otherwise. */
    static Stream<Arguments> matching() {
        return Stream.of(
                // plain names match only themselves, case-sensitively
                row("README.md", "README.md", true),
                row("README.md", "readme.md", false),
                row("README.md", "docs/README.md", false),
                row("docs/a.md", "docs/a.md", true),
                row("docs/a.md", "docs/a.mdx", false),
                // `*` stays within one segment; `*.md` is the top level only
                row("*.md", "a.md", true),
                row("*.md", "x/a.md", false),
                row("*.md", ".md", true),
                row("*", "a", true),
                row("*", "a/b", false),
                row("docs/*", "docs/a", true),
                row("docs/*", "docs/x/a", false),
                row("docs/*", "docs", false),
                row("*/a.md", "x/a.md", true),
                row("*/a.md", "a.md", false),
                row("*/a.md", "x/y/a.md", false),
                row("a*b", "ab", true),
                row("a*b", "axyzb", true),
                row("a*b", "ax/b", false),
                row("*a*", "banana", true),
                row("a***b", "axb", true),
                row("***", "ab", true),
                row("***", "a/b", false),
                // `**` as a whole segment crosses `/`, and `**/` also matches no directory
                row("**", "a", true),
                row("**", "a/b/c.txt", true),
                row("**", ".git/config", true),
                row("**/*.md", "a.md", true),
                row("**/*.md", "x/a.md", true),
                row("**/*.md", "x/y/z/a.md", true),
                row("**/*.md", "a.mdx", false),
                row("src/**/*.ts", "src/a.ts", true),
                row("src/**/*.ts", "src/x/y/a.ts", true),
                row("src/**/*.ts", "a.ts", false),
                row("src/**/*.ts", "lib/src/a.ts", false),
                row("src/**/*.ts", "src/a.tsx", false),
                row("src/**", "src/a", true),
                row("src/**", "src/x/y/a", true),
                row("src/**", "src", true),
                row("*/**", "src", true), // picomatch: only a literal directory matches itself
                row("src/**", "srcx/a", false),
                row("src/**", "lib/src/a", false),
                row("**/test/**", "test/a", true),
                row("**/test/**", "x/test/y/a", true),
                row("**/test/**", "x/testing/a", false),
                row("a/**/b", "a/b", true),
                row("a/**/b", "a/x/y/b", true),
                row("a/**/b", "a/x/y/bc", false),
                row("**/**/a", "a", true),
                row("a/**/**/b", "a/x/b", true),
                row("**/CLAUDE.md", "/home/u/CLAUDE.md", true),
                // `**` next to other characters in a segment is a plain `*` (minimatch, bash);
                // picomatch lets a leading `**.md` reach any depth
                row("**.md", "a.md", true),
                row("**.md", "x/a.md", false),
                row("a/**b", "a/xb", true),
                row("a/**b", "a/x/yb", false),
                // `?` is one character (a code point; picomatch: a UTF-16 unit), never `/`
                row("?.md", "a.md", true),
                row("?.md", "ab.md", false),
                row("?.md", ".md", false),
                row("a?c", "abc", true),
                row("a?c", "a/c", false),
                row("??", "ab", true),
                row("??", "a", false),
                // classes: sets, ranges, negation, literal `]` and `-`, never `/`
                row("[abc].md", "b.md", true),
                row("[abc].md", "d.md", false),
                row("[a-c].md", "b.md", true),
                row("[a-c].md", "B.md", false),
                row("[a-cx-z]", "y", true),
                row("[0-9][0-9].md", "42.md", true),
                row("[0-9][0-9].md", "4a.md", false),
                row("[!a]", "b", true), // picomatch reads a leading `!` as negating the whole pattern
                row("[!a]", "a", false),
                row("[^a]", "b", true),
                row("[^a]", "a", false),
                row("[!a]", "/", false),
                row("a[^x]b", "a/b", false),
                row("[a/b]", "a/b", false),
                row("[]]", "]", true),
                row("[]a]", "a", true),
                row("[!]]", "a", true), // picomatch: see `[!a]`
                row("[!]]", "]", false),
                row("[a-]", "-", true),
                row("[-a]", "-", true),
                row("[a\\-c]", "-", true),
                row("[a\\-c]", "b", false),
                row("[\\]]", "]", true),
                row("[*?]", "*", true),
                row("[*?]", "a", false),
                // escapes make the next character literal
                row("\\*", "*", true),
                row("\\*", "a", false),
                row("a\\?", "a?", true),
                row("a\\?", "ab", false),
                row("\\[a]", "[a]", true),
                row("\\[a]", "a", false),
                row("a\\\\b", "a\\b", true),
                // regex metacharacters are literal, and so are braces: Braces expands them before compiling
                row("a.b", "a.b", true),
                row("a.b", "axb", false),
                row("a+(b)|c$^", "a+(b)|c$^", true),
                row("{a,b}", "{a,b}", true),
                row("{a,b}", "a", false),
                row("a]b", "a]b", true),
                row("@(a)", "@(a)", true),
                row("ünï/*.md", "ünï/😀.md", true),
                row("?", "😀", true),
                // dot files and dot directories are ordinary names
                row("*", ".env", true),
                row(".*", ".env", true),
                row("**/*.yml", ".github/workflows/ci.yml", true),
                row(".claude/**", ".claude/rules/a.md", true),
                // but no wildcard stands for a `.` or `..` segment, so a path that climbs out never matches
                row("*", "..", false),
                row("*", ".", false),
                row("**", "../a", false),
                row("**/*.ts", "../src/a.ts", false),
                row("**/*.ts", "src/../a.ts", false),
                row("../*.ts", "../a.ts", true),
                // a leading `./` is ignored, any number of times
                row("./a.md", "a.md", true),
                row("./src/*.ts", "src/a.ts", true),
                row("././src/*.ts", "src/a.ts", true),
                row("./", "a/b", true), // `./` is `./**`, which is `**`
                // a trailing `/` means everything below that directory, and the directory itself
                // (picomatch: only the path `docs/`)
                row("docs/", "docs/a.md", true),
                row("docs/", "docs/x/a.md", true),
                row("docs/", "docs", true),
                row("docs/", "docsx/a.md", false),
                row("**/", "a/b", true),
                // a leading `/` is literal: it matches absolute paths only
                row("/a", "a", false),
                row("/a", "/a", true),
                row("/home/**/CLAUDE.md", "/home/u/CLAUDE.md", true),
                // the empty path matches nothing
                row("**", "", false),
                row("*", "", false));
    }

    @ParameterizedTest(name = "{0} ~ {1} -> {2}")
    @MethodSource("matching")
    void matches_followsGlobSemantics(String pattern, String path, boolean expected) throws InvalidGlobException {
        assertThat(Glob.compile(pattern).matches(path)).isEqualTo(expected);
    }

    static Stream<Arguments> invalid() {
        // In a[]b, the `]` right after `[` is a member, so nothing closes the set.
        Stream<Arguments> unclosed = Stream.of("[a", "src/[a-z", "a[]b", "[!]", "[a\\")
                .map(pattern -> Arguments.of(pattern, "unclosed ["));
        return Stream.concat(unclosed, Stream.of(
                Arguments.of("", "empty pattern"),
                Arguments.of("a\\", "ends with an escape"),
                Arguments.of("[z-a]", "invalid range z-a"),
                Arguments.of("!src/**", "negation is not supported")));
    }

    @ParameterizedTest(name = "\"{0}\": {1}")
    @MethodSource("invalid")
    void compile_unparsablePattern_rejectedWithReason(String pattern, String reason) {
        InvalidGlobException e = catchThrowableOfType(InvalidGlobException.class, () -> Glob.compile(pattern));

        assertThat(e.pattern()).isEqualTo(pattern);
        assertThat(e.reason()).isEqualTo(reason);
        assertThat(e).hasMessage(reason + ": " + pattern);
    }

    @Test
    void pattern_isExactlyAsCompiled() throws InvalidGlobException {
        assertThat(Glob.compile("./docs/").pattern()).isEqualTo("./docs/");
        assertThat(Glob.compile("./docs/")).hasToString("./docs/");
    }

    @Test
    @Timeout(5)
    void manyWildcards_longNonMatchingPath_answersQuickly() throws InvalidGlobException {
        String deep = "a".repeat(300) + "/" + "ax/".repeat(200);

        assertThat(Glob.compile("**/*a*a*a*a*a*a*a*a*b/**/*.md").matches(deep + "a.md")).isFalse();
        assertThat(Glob.compile("**/a*/**/a*/**/a*/**/a*/**/a*/**/b").matches(deep + "a")).isFalse();
        assertThat(Glob.compile("**/a*/**/a*/**/a*/**/a*/**/a*/**/b").matches(deep + "b")).isTrue();
        assertThat(Glob.compile("*a*a*a*a*a*a*a*a*").matches("a".repeat(300))).isTrue();
    }

    @Test
    void wildcardCommittingEarly_stillFindsLaterMatch() throws InvalidGlobException {
        assertThat(Glob.compile("*a*.md").matches("xa.md.ya.md")).isTrue();
        assertThat(Glob.compile("*.md").matches("a.md.md")).isTrue();
        assertThat(Glob.compile("**/x/**/y").matches("x/a/x/b/y")).isTrue();
        assertThat(Glob.compile("**/[ab]/**").matches("aba/aab/a")).isTrue();
        assertThat(Glob.compile("**/a/**/b").matches("ab/a/ab/b")).isTrue();
    }

    private static Arguments row(String pattern, String path, boolean expected) {
        return Arguments.of(pattern, path, expected);
    }
}
