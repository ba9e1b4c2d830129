package dev.memdir.instructions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BracesTest {

    static Stream<Arguments> expansions() {
        return Stream.of(
                Arguments.of("src/**/*.ts", List.of("src/**/*.ts")),
                Arguments.of("*.{ts,tsx}", List.of("*.ts", "*.tsx")),
                Arguments.of("{src,lib}/**/*.{ts,tsx}",
                        List.of("src/**/*.ts", "src/**/*.tsx", "lib/**/*.ts", "lib/**/*.tsx")),
                Arguments.of("a{b,c{d,e}}f", List.of("abf", "acdf", "acef")),
                Arguments.of("{a,{b,{c,d}}}", List.of("a", "b", "c", "d")),
                Arguments.of("a{,.min}.js", List.of("a.js", "a.min.js")),
                Arguments.of("{,}", List.of("", "")),
                Arguments.of("{a,a}", List.of("a", "a")),
                // a group without a top-level comma stays as written, braces and all
                Arguments.of("{a}", List.of("{a}")),
                Arguments.of("{}", List.of("{}")),
                Arguments.of("{1..3}", List.of("{1..3}")),
                Arguments.of("{a}{b,c}", List.of("{a}b", "{a}c")),
                Arguments.of("{{a,b}}", List.of("{a}", "{b}")),
                Arguments.of("x{a,{b}}", List.of("xa", "x{b}")),
                // escapes are literal and keep their backslash, so Glob reads them as literals too
                Arguments.of("\\{a,b\\}", List.of("\\{a,b\\}")),
                Arguments.of("{a\\,b,c}", List.of("a\\,b", "c")),
                Arguments.of("{a\\},b}", List.of("a\\}", "b")),
                Arguments.of("\\\\{a,b}", List.of("\\\\a", "\\\\b")),
                // brackets are not special to brace expansion
                Arguments.of("[{]a,b}", List.of("[]a", "[b")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("expansions")
    void expand_producesEveryAlternativeInOrder(String pattern, List<String> expected) throws InvalidGlobException {
        assertThat(Braces.expand(pattern, 1000)).isEqualTo(expected);
    }

    @Test
    void expand_exactlyTheBudget_allowed() throws InvalidGlobException {
        assertThat(Braces.expand(digits(10) + digits(10) + digits(10), 1000)).hasSize(1000).startsWith("000", "001");
    }

    @Test
    void expand_oneOverTheBudget_rejected() {
        String pattern = digits(10) + digits(10) + digits(10) + "{,x}";
        assertThat(reason(() -> Braces.expand(digits(7) + digits(11) + digits(13), 1000)))
                .isEqualTo("expands to more than 1000 patterns");
        assertThat(reason(() -> Braces.expand(digits(1001), 1000))).isEqualTo("expands to more than 1000 patterns");
        assertThat(catchThrowableOfType(InvalidGlobException.class, () -> Braces.expand(pattern, 1000)).pattern())
                .isEqualTo(pattern);
    }

    @Test
    void expand_hugeProduct_rejectedWithoutBuildingIt() {
        String pattern = "{a,b}".repeat(60);

        assertThat(reason(() -> Braces.expand(pattern, 1000))).isEqualTo("expands to more than 1000 patterns");
    }

    @Test
    void expand_smallerBudget_namedInReason() {
        assertThat(reason(() -> Braces.expand("{a,b,c}", 2))).isEqualTo("expands to more than 2 patterns");
    }

    static Stream<Arguments> unbalanced() {
        return Stream.concat(
                Stream.of("*.{ts,tsx", "{a,{b,c}", "{a", "{a,b\\}").map(pattern -> Arguments.of(pattern, "unclosed {")),
                Stream.of("a,b}", "}{a,b}", "{a}}", "\\{a,b}").map(pattern -> Arguments.of(pattern, "unmatched }")));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("unbalanced")
    void expand_unbalancedBraces_rejected(String pattern, String reason) {
        InvalidGlobException e = catchThrowableOfType(InvalidGlobException.class, () -> Braces.expand(pattern, 1000));

        assertThat(e.reason()).isEqualTo(reason);
        assertThat(e.pattern()).isEqualTo(pattern);
    }

    @Test
    void splitTopLevel_splitsOnlyOutsideBracesAndEscapes() {
        assertThat(Braces.splitTopLevel("src/*.{ts,tsx}, docs/**,a\\,b"))
                .containsExactly("src/*.{ts,tsx}", " docs/**", "a\\,b");
        assertThat(Braces.splitTopLevel("a}, b")).containsExactly("a}", " b");
        assertThat(Braces.splitTopLevel("")).containsExactly("");
    }

    private static String digits(int count) {
        return IntStream.range(0, count).mapToObj(i -> Integer.toString(i % 10))
                .collect(Collectors.joining(",", "{", "}"));
    }

    private static String reason(ThrowingCallable call) {
        return catchThrowableOfType(InvalidGlobException.class, call).reason();
    }
}
