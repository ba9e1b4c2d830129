package dev.memdir.web;

import dev.memdir.frontmatter.Frontmatter;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.AttributeProvider;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.UrlSanitizer;

/**
 * A memory file's Markdown as inert HTML. Memory content is hostile input: raw HTML in it is shown as text, never
 * passed on; a link keeps only an {@code http}, {@code https} or {@code mailto} address, or one within this page;
 * an image shows only when it is inline data of a picture type, otherwise it becomes a link to its address, so no
 * page fetches a remote image (a tracking pixel tells its sender who reads the memory, and when). The frontmatter is
 * shown apart, as text.
 */
final class MarkdownView {

    private static final Set<String> LINK_SCHEMES = Set.of("http", "https", "mailto");
    private static final Set<String> PICTURE_TYPES =
            Set.of("data:image/png;", "data:image/jpeg;", "data:image/gif;", "data:image/webp;");

    private static final Parser PARSER = Parser.builder().build();
    private static final HtmlRenderer RENDERER = HtmlRenderer.builder()
            .escapeHtml(true)
            .sanitizeUrls(true)
            .urlSanitizer(new Addresses())
            .attributeProviderFactory(context -> new LinkAttributes())
            .nodeRendererFactory(RemoteImages::new)
            .build();

    private MarkdownView() {}

    /** Returns {@code text}'s frontmatter (its YAML, as text) and its body as sanitised HTML. */
    static Rendered render(String text) {
        String yaml = Frontmatter.find(text).map(Frontmatter::yaml).orElse("");
        return new Rendered(yaml, RENDERER.render(PARSER.parse(Frontmatter.strip(text))));
    }

    /** A file as shown: its frontmatter's YAML (empty when it has none) and its body's HTML. */
    record Rendered(String frontmatter, String html) {}

    /** Returns whether {@code url} is an address a link may keep. */
    static boolean linkable(String url) {
        String bare = bare(url);
        int colon = bare.indexOf(':');
        int firstOther = firstOf(bare, "/?#");
        if (colon < 0 || (firstOther >= 0 && firstOther < colon)) {
            return !bare.startsWith("//");
        }
        return LINK_SCHEMES.contains(bare.substring(0, colon).toLowerCase(Locale.ROOT));
    }

    /** Returns whether {@code url} is a picture the page may show inline. */
    static boolean inlinePicture(String url) {
        String bare = bare(url).toLowerCase(Locale.ROOT);
        return PICTURE_TYPES.stream().anyMatch(bare::startsWith) && bare.contains(";base64,");
    }

    /** A browser ignores control characters and spaces in a scheme ({@code java\tscript:}); so does this check. */
    private static String bare(String url) {
        StringBuilder kept = new StringBuilder(url.length());
        url.codePoints().filter(c -> c > 0x20 && c != 0x7f && !Character.isWhitespace(c))
                .forEach(kept::appendCodePoint);
        return kept.toString();
    }

    private static int firstOf(String text, String characters) {
        int first = -1;
        for (char c : characters.toCharArray()) {
            int at = text.indexOf(c);
            if (at >= 0 && (first < 0 || at < first)) {
                first = at;
            }
        }
        return first;
    }

    private static final class Addresses implements UrlSanitizer {
        @Override
        public String sanitizeLinkUrl(String url) {
            return linkable(url) ? url : "";
        }

        @Override
        public String sanitizeImageUrl(String url) {
            return inlinePicture(url) ? url : "";
        }
    }

    /** A link leaves this page in a new browsing context that learns nothing of it. */
    private static final class LinkAttributes implements AttributeProvider {
        @Override
        public void setAttributes(Node node, String tagName, Map<String, String> attributes) {
            if (node instanceof Link) {
                attributes.put("rel", "noopener noreferrer nofollow");
                attributes.put("referrerpolicy", "no-referrer");
            }
        }
    }

    /** An image that is not inline data is shown as a link to its address, with its text. */
    private static final class RemoteImages implements org.commonmark.renderer.NodeRenderer {
        private final org.commonmark.renderer.html.HtmlNodeRendererContext context;

        RemoteImages(org.commonmark.renderer.html.HtmlNodeRendererContext context) {
            this.context = context;
        }

        @Override
        public Set<Class<? extends Node>> getNodeTypes() {
            return Set.of(Image.class);
        }

        @Override
        public void render(Node node) {
            Image image = (Image) node;
            var html = context.getWriter();
            if (inlinePicture(image.getDestination())) {
                html.tag("img", Map.of("src", context.encodeUrl(image.getDestination()), "alt", altText(image)));
                return;
            }
            String address = linkable(image.getDestination()) ? context.encodeUrl(image.getDestination()) : "";
            html.tag("a", Map.of("href", address, "class", "remote-image", "rel", "noopener noreferrer nofollow"));
            html.text("image: " + (altText(image).isEmpty() ? image.getDestination() : altText(image)));
            html.tag("/a");
        }

        private static String altText(Image image) {
            StringBuilder alt = new StringBuilder();
            for (Node child = image.getFirstChild(); child != null; child = child.getNext()) {
                if (child instanceof org.commonmark.node.Text text) {
                    alt.append(text.getLiteral());
                }
            }
            return alt.toString();
        }
    }
}
