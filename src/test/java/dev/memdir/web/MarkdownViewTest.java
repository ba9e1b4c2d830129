package dev.memdir.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** Memory content is hostile: whatever a file holds, its rendering runs nothing and fetches nothing. */
class MarkdownViewTest {

    /** Markdown an attacker (or a confused agent) may write into a memory file. */
    static List<String> hostileMarkdown() {
        return List.of(
                "<script>alert(1)</script>",
                "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
                "<img src=x onerror=alert(1)>",
                "<svg onload=alert(1)><circle r=1></svg>",
                "<svg><script>alert(1)</script></svg>",
                "<iframe src=\"//evil.example\"></iframe>",
                "<a href=\"javascript:alert(1)\">x</a>",
                "<div style=\"background:url(javascript:alert(1))\">x</div>",
                "<object data=\"evil.swf\"></object><embed src=\"evil.swf\">",
                "<form action=\"https://evil.example\"><button>go</button></form>",
                "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example\">",
                "<base href=\"https://evil.example/\">",
                "<link rel=stylesheet href=https://evil.example/x.css>",
                "[x](javascript:alert(1))",
                "[x](JaVaScRiPt:alert(1))",
                "[x](java\tscript:alert(1))",
                "[x](  javascript:alert(1))",
                "[x](javascript&#58;alert(1))",
                "[x](&#106;avascript:alert(1))",
                "[x](vbscript:msgbox(1))",
                "[x](data:text/html,<script>alert(1)</script>)",
                "[x]: javascript:alert(1)\n\n[y][x]",
                "<javascript:alert(1)>",
                "![p](https://evil.example/pixel.png)",
                "![p](//evil.example/pixel.png)",
                "![p](http://evil.example/p.png \"title\")",
                "![p](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
                "![x\" onerror=\"alert(1)](https://evil.example/p.png)",
                "[a](https://ok.example \"\\\" onmouseover=alert(1) x=\\\"\")",
                "&lt;script&gt;alert(1)&lt;/script&gt;",
                "&#60;script&#62;alert(1)&#60;/script&#62;",
                "`<script>alert(1)</script>`",
                "```html\n<script>alert(1)</script>\n```",
                "<!-- <script>alert(1)</script> -->",
                "<details open ontoggle=alert(1)>x</details>",
                "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
                "x".repeat(200_000),
                "# " + "<b>".repeat(10_000));
    }

    /** Every {@code <} the renderer writes opens a tag (text's are escaped): the tags, their quoted values emptied. */
    private static final Pattern TAG = Pattern.compile("<[a-zA-Z][^>]*>");
    private static final Pattern QUOTED = Pattern.compile("\"[^\"]*\"");
    private static final Pattern ACTIVE_TAG = Pattern.compile(
            "^<(script|svg|iframe|object|embed|form|meta|base|link|style|math|details|input|button)\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern HANDLER = Pattern.compile("\\son[a-z]+\\s*=", Pattern.CASE_INSENSITIVE);
    private static final Pattern SCRIPT_ADDRESS = Pattern.compile("(href|src)=\"\\s*(javascript|vbscript|data:text)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern REMOTE_SOURCE = Pattern.compile("src=\"\\s*(https?:|//)", Pattern.CASE_INSENSITIVE);

    @ParameterizedTest
    @MethodSource("hostileMarkdown")
    void hostileMarkdownRendersInert(String markdown) {
        String html = MarkdownView.render(markdown).html();

        Matcher tags = TAG.matcher(html);
        while (tags.find()) {
            String tag = tags.group();
            assertThat(ACTIVE_TAG.matcher(tag).find()).as(tag).isFalse();
            assertThat(HANDLER.matcher(QUOTED.matcher(tag).replaceAll("\"\"")).find()).as(tag).isFalse();
            assertThat(SCRIPT_ADDRESS.matcher(tag).find()).as(tag).isFalse();
            assertThat(REMOTE_SOURCE.matcher(tag).find()).as(tag).isFalse();
        }
    }

    @Test
    void markdownStillRendersAsMarkdown() {
        String html = MarkdownView.render("# Pottery\n\n- wheel on *Tuesdays*\n- [studio](https://studio.example)\n\n"
                + "`code` and [mail](mailto:a@b.example) and [here](#top) and [rel](notes/other.md)\n").html();

        assertThat(html).contains("<h1>Pottery</h1>", "<li>wheel on <em>Tuesdays</em></li>",
                "href=\"https://studio.example\"", "<code>code</code>", "href=\"mailto:a@b.example\"",
                "href=\"#top\"", "href=\"notes/other.md\"");
        assertThat(html).contains("rel=\"noopener noreferrer nofollow\"");
    }

    @Test
    void aRemoteImageBecomesALinkToIt_anInlinePictureShows() {
        String remote = MarkdownView.render("![the studio](https://studio.example/p.png)").html();
        String inline = MarkdownView.render("![dot](data:image/png;base64,iVBORw0KGgo=)").html();

        assertThat(remote).doesNotContain("<img").contains("<a", "href=\"https://studio.example/p.png\"",
                "image: the studio");
        assertThat(inline).contains("<img", "src=\"data:image/png;base64,iVBORw0KGgo=\"", "alt=\"dot\"");
    }

    @Test
    void theFrontmatterIsShownApartAsText() {
        MarkdownView.Rendered rendered = MarkdownView.render("---\nname: <b>x</b>\n---\nBody\n");

        assertThat(rendered.frontmatter()).isEqualTo("name: <b>x</b>\n");
        assertThat(rendered.html()).isEqualTo("<p>Body</p>\n");
    }

    @Test
    void onlyWebAndMailAddressesAndThoseWithinThePageAreLinkable() {
        assertThat(List.of("https://a.example", "http://a.example", "mailto:a@b.example", "#x", "notes/a.md",
                "/ui/", "?q=1")).allMatch(MarkdownView::linkable);
        assertThat(List.of("javascript:x", " javascript:x", "java\nscript:x", "JAVASCRIPT:x", "data:text/html,x",
                "file:///etc/passwd", "vbscript:x", "//evil.example/x", "\u0000javascript:x"))
                .noneMatch(MarkdownView::linkable);
    }
}
