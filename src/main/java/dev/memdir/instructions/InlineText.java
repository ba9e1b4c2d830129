package dev.memdir.instructions;

import java.util.Arrays;
import java.util.List;
import org.commonmark.node.Code;
import org.commonmark.node.Delimited;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.SourceSpan;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * Which characters of a Markdown source are prose: text and emphasis delimiters of paragraphs and headings, link text
 * included, but not code spans, inline HTML, link destinations, code blocks, HTML blocks or link reference definitions.
 */
final class InlineText {

    private static final Parser PARSER =
            Parser.builder().includeSourceSpans(IncludeSourceSpans.BLOCKS_AND_INLINES).build();
    private static final int NOT_A_CLOSER = -1;

    private final boolean[] prose;
    /** For each character of a closing emphasis delimiter, where its opening delimiter starts. */
    private final int[] openerOfCloser;

    private InlineText(int length) {
        prose = new boolean[length];
        openerOfCloser = new int[length];
        Arrays.fill(openerOfCloser, NOT_A_CLOSER);
    }

    /** Returns the prose map of {@code markdown}. */
    static InlineText of(String markdown) {
        InlineText text = new InlineText(markdown.length());
        text.paint(PARSER.parse(markdown));
        return text;
    }

    boolean isProse(int index) {
        return prose[index];
    }

    /** Returns whether the character at {@code index} closes an emphasis that opened before {@code start}. */
    boolean closesEmphasisOpenedBefore(int index, int start) {
        return openerOfCloser[index] != NOT_A_CLOSER && openerOfCloser[index] < start;
    }

    /** Marks {@code node}, then its children, which override it: code inside emphasis is not prose. */
    private void paint(Node node) {
        List<SourceSpan> spans = node.getSourceSpans();
        if (node instanceof Text) {
            mark(spans, true);
        } else if (node instanceof Delimited emphasis && !spans.isEmpty()) {
            mark(spans, true);
            SourceSpan last = spans.get(spans.size() - 1);
            int end = last.getInputIndex() + last.getLength();
            int closerStart = end - emphasis.getClosingDelimiter().length();
            Arrays.fill(openerOfCloser, closerStart, end, spans.get(0).getInputIndex());
        } else if (node instanceof Code || node instanceof HtmlInline || node instanceof Link
                || node instanceof Image) {
            mark(spans, false);
        }
        for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
            paint(child);
        }
    }

    private void mark(List<SourceSpan> spans, boolean isProse) {
        for (SourceSpan span : spans) {
            Arrays.fill(prose, span.getInputIndex(), span.getInputIndex() + span.getLength(), isProse);
        }
    }
}
