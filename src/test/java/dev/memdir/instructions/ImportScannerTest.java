package dev.memdir.instructions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Named.named;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ImportScannerTest {

    static Stream<Arguments> imports() {
        return Stream.of(
                // where a token may stand: start of line or after white space, in any block of prose
                row("@a.md", "a.md"),
                row("See @a.md for more", "a.md"),
                row("See\t@a.md", "a.md"),
                row("See   @a.md", "a.md"),
                row("@a.md @b.md\t@c.md", "a.md", "b.md", "c.md"),
                row("- @a.md\n- item @b.md\n1. @c.md", "a.md", "b.md", "c.md"),
                row("> @a.md\n> quoted @b.md", "a.md", "b.md"),
                row("# @a.md\n\n## Heading @b.md ##\n\nSetext @c.md\n===", "a.md", "b.md", "c.md"),
                row("   @a.md", "a.md"),
                row("a line\n@a.md\nnext", "a.md"),
                // the path: any run of non-white space, `\ ` continuing it as a space
                row("@~/x.md", "~/x.md"),
                row("@/abs/path.md", "/abs/path.md"),
                row("@../up.md", "../up.md"),
                row("@./here.md", "./here.md"),
                row("@my\\ notes/a\\ b.md done", "my notes/a b.md"),
                row("@a\\ ", "a "),
                row("@C:\\docs\\a.md", "C:\\docs\\a.md"),
                row("@docs/__init__.md", "docs/__init__.md"),
                row("@a*b*c.md", "a*b*c.md"),
                row("@ünï/😀.md", "ünï/😀.md"),
                // trailing punctuation and unpaired closers end the sentence, not the path
                row("Read @a.md.", "a.md"),
                row("@a.md, @b.md; @c.md: @d.md! @e.md?", "a.md", "b.md", "c.md", "d.md", "e.md"),
                row("(see @a.md)", "a.md"),
                row("(see @a.md).", "a.md"),
                row("[see @a.md]", "a.md"),
                row("{see @a.md}", "a.md"),
                row("\"see @a.md\"", "a.md"),
                row("'see @a.md'", "a.md"),
                row("@a.md...", "a.md"),
                row("@v1.2/notes(draft).md", "v1.2/notes(draft).md"),
                row("@notes(draft)", "notes(draft)"),
                row("@a[1].md", "a[1].md"),
                row("@it's", "it's"),
                row("@dir/", "dir/"),
                row("@a.md\\\nnext @b.md", "a.md", "b.md"),
                // emphasis around the token is not part of it; emphasis before the `@` hides it (raw text)
                row("*see @a.md*", "a.md"),
                row("_see @a.md_ and **also @b.md**", "a.md", "b.md"),
                row("*@a.md*"),
                row("**@a.md**"),
                // link text is prose, the destination and title are not
                row("[see @a.md](@b.md \"@c.md\")", "a.md"),
                row("[@a.md](x)"),
                row("![alt @a.md](@b.png)", "a.md"),
                row("[ref]: @dest.md\n\n@a.md", "a.md"),
                row("<https://x.org/@user> @a.md", "a.md"),
                // not imports
                row("@"),
                row("@ alone"),
                row("@."),
                row("@...?"),
                row("me@example.com"),
                row("<me@example.com>"),
                row("(@a.md)"),
                row("\\@a.md"),
                row("&#64;a.md"),
                row("x@a.md"),
                // code and HTML are never prose
                row("`@a.md`"),
                row("Use `cat @a.md` then @b.md", "b.md"),
                row("``@a.md ` @b.md``"),
                row("@a.md`code`", "a.md"),
                row("```\n@a.md\n```"),
                row("```md\n@a.md\n```\n@b.md", "b.md"),
                row("~~~\n@a.md\n~~~"),
                row("    @a.md"),
                row("\t@a.md"),
                row("- item\n\n      @a.md"),
                row("<div>\n@a.md\n</div>"),
                row("<!-- @a.md -->"),
                row("<!--\n@a.md\n-->"),
                row("text <span>@a.md</span>"),
                row("@a.md<br>", "a.md"),
                row("```\nunclosed fence @a.md"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("imports")
    void scan_findsImportsInProseOnly(String markdown, List<String> expected) {
        assertThat(ImportScanner.scan(markdown)).extracting(ImportReference::path).isEqualTo(expected);
    }

    static Stream<Arguments> lineNumbers() {
        return Stream.of(
                arguments(named("one-based lines of the source",
                        "@a.md\n\n```\n@not.md\n```\n\ntext @b.md and @c.md\n\n> @d.md\n"),
                        List.of(new ImportReference("a.md", 1), new ImportReference("b.md", 7),
                                new ImportReference("c.md", 7), new ImportReference("d.md", 9))),
                arguments(named("CRLF and a lone CR count as one line break",
                        "# Title\r\n\r\n~~~\r\n@not.md\r\n~~~\r\n@a.md\r\nx\r@b.md\n@c.md"),
                        List.of(new ImportReference("a.md", 6), new ImportReference("b.md", 8),
                                new ImportReference("c.md", 9))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lineNumbers")
    void lineNumbers_areLinesOfTheSource(String markdown, List<ImportReference> expected) {
        assertThat(ImportScanner.scan(markdown)).containsExactlyElementsOf(expected);
    }

    @Test
    void crLfLineEnd_notPartOfThePath() {
        assertThat(ImportScanner.scan("@a.md\r\n@b.md\r\n")).extracting(ImportReference::path)
                .containsExactly("a.md", "b.md");
    }

    @Test
    void emptyDocument_noImports() {
        assertThat(ImportScanner.scan("")).isEmpty();
    }

    private static Arguments row(String markdown, String... paths) {
        return Arguments.of(markdown, List.of(paths));
    }
}
