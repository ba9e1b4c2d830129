package dev.memdir.instructions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.Yaml;

class RulePathsTest {

    @Test
    void yamlList_eachEntryAPattern() {
        RulePaths paths = parseYaml("paths:\n  - \"src/**/*.ts\"\n  - 'docs/*.md'\n");

        assertThat(paths.patterns()).containsExactly("src/**/*.ts", "docs/*.md");
        assertThat(paths.invalid()).isEmpty();
        assertThat(paths.unconditional()).isFalse();
        assertThat(paths.matches("src/x/a.ts")).isTrue();
        assertThat(paths.matches("docs/a.md")).isTrue();
        assertThat(paths.matches("docs/x/a.md")).isFalse();
        assertThat(paths.matches("README.md")).isFalse();
    }

    @Test
    void commaSeparatedString_splitOutsideBraces() {
        RulePaths paths = parseYaml("paths: \"src/*.{ts,tsx}, docs/**\"\n");

        assertThat(paths.patterns()).containsExactly("src/*.{ts,tsx}", "docs/**");
        assertThat(paths.globs()).extracting(Glob::pattern).containsExactly("src/*.ts", "src/*.tsx", "docs/**");
        assertThat(paths.matches("src/a.tsx")).isTrue();
        assertThat(paths.matches("docs/x/y")).isTrue();
    }

    @Test
    void listEntryWithComma_notSplit() {
        RulePaths paths = RulePaths.parse(List.of("a,b"));

        assertThat(paths.patterns()).containsExactly("a,b");
        assertThat(paths.matches("a,b")).isTrue();
        assertThat(paths.matches("a")).isFalse();
    }

    static Stream<Arguments> trimming() {
        return Stream.of(
                Arguments.of(List.of("  src/**  "), List.of("src/**")),
                Arguments.of(List.of("'src/**'"), List.of("src/**")),
                Arguments.of(List.of("\" src/** \""), List.of("src/**")),
                Arguments.of(List.of("'src/**\""), List.of("'src/**\"")),
                Arguments.of(List.of("'"), List.of("'")),
                Arguments.of(" 'a' , \"b\" ,, c ", List.of("a", "b", "c")),
                Arguments.of(Arrays.asList("", "  ", "''", null, "a"), List.of("a")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("trimming")
    void entries_trimmedOfWhitespaceAndOneQuotePair_blanksIgnored(Object value, List<String> patterns) {
        RulePaths paths = RulePaths.parse(value);

        assertThat(paths.patterns()).isEqualTo(patterns);
        assertThat(paths.invalid()).isEmpty();
    }

    @Test
    void invalidPattern_reported_othersKeepWorking() {
        RulePaths paths = RulePaths.parse(List.of("src/[a-", "docs/**", "*.{md", "!gen/**", "lib/{a,[b}"));

        assertThat(paths.patterns()).containsExactly("src/[a-", "docs/**", "*.{md", "!gen/**", "lib/{a,[b}");
        assertThat(paths.invalid()).extracting(InvalidGlobException::pattern, InvalidGlobException::reason)
                .containsExactly(
                        tuple("src/[a-", "unclosed ["),
                        tuple("*.{md", "unclosed {"),
                        tuple("!gen/**", "negation is not supported"),
                        tuple("lib/{a,[b}", "unclosed ["));
        assertThat(paths.globs()).extracting(Glob::pattern).containsExactly("docs/**");
        assertThat(paths.matches("docs/a.md")).isTrue();
        assertThat(paths.matches("lib/a")).isFalse();
    }

    static Stream<Arguments> unconditional() {
        return Stream.of(
                Arguments.of(List.of("**"), true),
                Arguments.of(List.of(" '**' "), true),
                Arguments.of(List.of("**", "**"), true),
                Arguments.of(Arrays.asList("**", "", null), true),
                Arguments.of("**", true),
                Arguments.of("**, **", true),
                // only a literal `**` counts, even where another pattern also matches everything
                Arguments.of(List.of("**", "src/**"), false),
                Arguments.of(List.of("./**"), false),
                Arguments.of(List.of("**/*"), false),
                Arguments.of(List.of("**", 1), false),
                Arguments.of(List.of(), false),
                Arguments.of("", false));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("unconditional")
    void unconditional_onlyWhenEveryPatternIsDoubleStar(Object value, boolean expected) {
        assertThat(RulePaths.parse(value).unconditional()).isEqualTo(expected);
    }

    @Test
    void doubleStarAndMore_notUnconditional_butMatchesEverything() {
        RulePaths paths = RulePaths.parse(List.of("**", "src/**"));

        assertThat(paths.matches("any/where.txt")).isTrue();
    }

    @Test
    void nonStringListEntries_invalid_stringsKeepWorking() {
        RulePaths paths = parseYaml("paths:\n  - 42\n  - true\n  - {a: 1}\n  - [x]\n  - src/**\n");

        assertThat(paths.patterns()).containsExactly("42", "true", "{a=1}", "[x]", "src/**");
        assertThat(paths.invalid()).extracting(InvalidGlobException::reason).containsOnly("not a string");
        assertThat(paths.invalid()).extracting(InvalidGlobException::pattern)
                .containsExactly("42", "true", "{a=1}", "[x]");
        assertThat(paths.matches("42")).isFalse();
        assertThat(paths.matches("src/a")).isTrue();
    }

    static Stream<Arguments> otherValues() {
        return Stream.of(
                Arguments.of(42, "42"),
                Arguments.of(true, "true"),
                Arguments.of(Map.of("a", 1), "{a=1}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("otherValues")
    void neitherListNorString_invalid(Object value, String pattern) {
        RulePaths paths = RulePaths.parse(value);

        assertThat(paths.patterns()).containsExactly(pattern);
        assertThat(paths.invalid()).extracting(InvalidGlobException::pattern, InvalidGlobException::reason)
                .containsExactly(tuple(pattern, "not a list or a string"));
        assertThat(paths.globs()).isEmpty();
        assertThat(paths.unconditional()).isFalse();
        assertThat(paths.matches(pattern)).isFalse();
    }

    @Test
    void nullOrEmpty_noPatterns_matchesNothing() {
        for (Object value : Arrays.asList(null, List.of(), "", " , ")) {
            RulePaths paths = RulePaths.parse(value);

            assertThat(paths.patterns()).as("%s", value).isEmpty();
            assertThat(paths.invalid()).as("%s", value).isEmpty();
            assertThat(paths.unconditional()).as("%s", value).isFalse();
            assertThat(paths.matches("a.md")).as("%s", value).isFalse();
        }
    }

    @Test
    void yamlKeyWithoutValue_isNull_noPatterns() {
        assertThat(parseYaml("paths:\n").patterns()).isEmpty();
    }

    @Test
    void patternOverTheBudget_invalid() {
        String thousandAndTwo = digits(10) + digits(10) + digits(10) + "{,x,y}";
        RulePaths paths = RulePaths.parse(List.of(thousandAndTwo, "docs/**"));

        assertThat(paths.globs()).extracting(Glob::pattern).containsExactly("docs/**");
        assertThat(paths.invalid()).extracting(InvalidGlobException::pattern, InvalidGlobException::reason)
                .containsExactly(tuple(thousandAndTwo, "expands to more than 1000 patterns"));
    }

    @Test
    void budget_sharedByTheRulesPatterns() {
        String thousand = digits(10) + digits(10) + digits(10);
        RulePaths full = RulePaths.parse(List.of(thousand));
        RulePaths over = RulePaths.parse(List.of("{a,b}", thousand, "docs/**", "{c,d}"));

        assertThat(full.globs()).hasSize(1000);
        assertThat(full.invalid()).isEmpty();
        assertThat(over.globs()).extracting(Glob::pattern).containsExactly("a", "b", "docs/**", "c", "d");
        assertThat(over.invalid()).extracting(InvalidGlobException::pattern, InvalidGlobException::reason)
                .containsExactly(tuple(thousand, "rule expands to more than 1000 patterns"));
    }

    @Test
    void budgetSpent_laterPatternInvalid() {
        String thousand = digits(10) + digits(10) + digits(10);
        RulePaths paths = RulePaths.parse(List.of(thousand, "docs/**"));

        assertThat(paths.globs()).hasSize(1000);
        assertThat(paths.invalid()).extracting(InvalidGlobException::pattern, InvalidGlobException::reason)
                .containsExactly(tuple("docs/**", "rule expands to more than 1000 patterns"));
    }

    private static RulePaths parseYaml(String yaml) {
        Map<String, Object> map = new Yaml().load(yaml);
        return RulePaths.parse(map.get("paths"));
    }

    private static String digits(int count) {
        return IntStream.range(0, count).mapToObj(i -> Integer.toString(i % 10))
                .collect(Collectors.joining(",", "{", "}"));
    }
}
