package dev.memdir.markdown;

import java.util.List;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.Node;
import org.commonmark.node.SourceSpan;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/** Removes block-level HTML comments from Markdown, by the rule Claude Code applies to CLAUDE.md and MEMORY.md. */
public final class BlockComments {

    private static final Parser PARSER = Parser.builder().includeSourceSpans(IncludeSourceSpans.BLOCKS).build();
    private static final String OPEN = "<!--";
    private static final String CLOSE = "-->";

    private BlockComments() {}

    /**
     * Returns {@code markdown} without the comments that start a top-level block, each removed through its
     * {@code -->}; text after it on that line stays, otherwise the whole line goes, and everything else is kept
     * byte for byte.
     */
    public static String strip(String markdown) {
        StringBuilder out = new StringBuilder(markdown.length());
        int copied = 0;
        for (Node block = PARSER.parse(markdown).getFirstChild(); block != null; block = block.getNext()) {
            if (block instanceof HtmlBlock html && isClosedComment(html.getLiteral())) {
                List<SourceSpan> spans = html.getSourceSpans();
                SourceSpan first = spans.get(0);
                SourceSpan last = spans.get(spans.size() - 1);
                int lineStart = first.getInputIndex() - first.getColumnIndex();
                int lineEnd = last.getInputIndex() + last.getLength();
                // "<!-->" is a whole comment, so the closing "-->" may overlap the opening "<!--".
                int commentEnd = markdown.indexOf(CLOSE, markdown.indexOf(OPEN, lineStart) + 2) + CLOSE.length();
                boolean restIsBlank = markdown.substring(commentEnd, lineEnd).isBlank();
                out.append(markdown, copied, lineStart);
                copied = restIsBlank ? afterLineBreak(markdown, lineEnd) : commentEnd;
            }
        }
        return out.append(markdown, copied, markdown.length()).toString();
    }

    private static boolean isClosedComment(String literal) {
        return literal.stripLeading().startsWith(OPEN) && literal.contains(CLOSE);
    }

    private static int afterLineBreak(String text, int lineEnd) {
        if (text.startsWith("\r\n", lineEnd)) {
            return lineEnd + 2;
        }
        return lineEnd < text.length() ? lineEnd + 1 : lineEnd;
    }
}
