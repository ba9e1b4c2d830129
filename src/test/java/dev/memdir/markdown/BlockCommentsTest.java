package dev.memdir.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BlockCommentsTest {

    @Test
    void commentAloneOnItsLine_removedWithTheLine() {
        assertThat(BlockComments.strip("# Index\n<!-- maintainer note -->\n- entry\n"))
                .isEqualTo("# Index\n- entry\n");
    }

    @Test
    void multiLineComment_removedThroughItsClose() {
        assertThat(BlockComments.strip("# Index\n<!--\nline one\n\nline two\n-->\n- entry\n"))
                .isEqualTo("# Index\n- entry\n");
    }

    @Test
    void textAfterClose_staysOnItsLine() {
        assertThat(BlockComments.strip("<!-- note --> kept text\n- entry\n"))
                .isEqualTo(" kept text\n- entry\n");
    }

    @Test
    void textAfterCloseOfMultiLineComment_stays() {
        assertThat(BlockComments.strip("<!-- one\ntwo -->kept\nnext\n")).isEqualTo("kept\nnext\n");
    }

    @Test
    void whitespaceAfterClose_lineRemoved() {
        assertThat(BlockComments.strip("<!-- note -->  \t\nnext\n")).isEqualTo("next\n");
    }

    @Test
    void twoCommentsInARow_bothRemoved() {
        assertThat(BlockComments.strip("a\n\n<!-- one -->\n<!-- two -->\nb\n")).isEqualTo("a\n\nb\n");
    }

    @Test
    void commentAfterBlankLine_blankLinesAroundItStay() {
        assertThat(BlockComments.strip("a\n\n<!-- one -->\n\nb\n")).isEqualTo("a\n\n\nb\n");
    }

    @Test
    void commentInterruptingParagraph_removed() {
        assertThat(BlockComments.strip("first line\n<!-- note -->\nsecond line\n"))
                .isEqualTo("first line\nsecond line\n");
    }

    @Test
    void commentIndentedUpToThreeSpaces_removedWithItsIndent() {
        assertThat(BlockComments.strip("a\n\n   <!-- note -->\nb\n")).isEqualTo("a\n\nb\n");
    }

    @Test
    void emptyComment_removed() {
        assertThat(BlockComments.strip("<!---->\n<!-->\n<!--->\nb\n")).isEqualTo("b\n");
    }

    @Test
    void inlineCommentInParagraph_kept() {
        String markdown = "Some text <!-- inline --> more text\n";
        assertThat(BlockComments.strip(markdown)).isEqualTo(markdown);
    }

    @Test
    void commentInBacktickFence_kept() {
        String markdown = "```\n<!-- in code -->\n```\n";
        assertThat(BlockComments.strip(markdown)).isEqualTo(markdown);
    }

    @Test
    void commentInTildeFence_kept() {
        String markdown = "~~~md\n<!-- in code -->\n~~~\n";
        assertThat(BlockComments.strip(markdown)).isEqualTo(markdown);
    }

    @Test
    void commentInIndentedCodeBlock_kept() {
        String markdown = "text\n\n    code\n    <!-- in code -->\n";
        assertThat(BlockComments.strip(markdown)).isEqualTo(markdown);
    }

    @Test
    void commentIndentedFourSpaces_kept() {
        String markdown = "    <!-- indented code -->\n";
        assertThat(BlockComments.strip(markdown)).isEqualTo(markdown);
    }

    @Test
    void commentInCodeSpan_kept() {
        String markdown = "`<!-- code span -->`\n";
        assertThat(BlockComments.strip(markdown)).isEqualTo(markdown);
    }

    @Test
    void unclosedComment_kept() {
        String markdown = "a\n\n<!-- never closed\nb\n";
        assertThat(BlockComments.strip(markdown)).isEqualTo(markdown);
    }

    @Test
    void commentInBlockquote_kept() {
        String markdown = "> <!-- quoted -->\n> text\n";
        assertThat(BlockComments.strip(markdown)).isEqualTo(markdown);
    }

    @Test
    void commentInListItem_kept() {
        String markdown = "- item\n\n  <!-- in item -->\n";
        assertThat(BlockComments.strip(markdown)).isEqualTo(markdown);
    }

    @Test
    void crlfLineEndings_preserved() {
        assertThat(BlockComments.strip("# Index\r\n<!-- one\r\ntwo -->\r\n- entry\r\n<!-- x --> y\r\nz\r\n"))
                .isEqualTo("# Index\r\n- entry\r\n y\r\nz\r\n");
    }

    @Test
    void emptyInput_staysEmpty() {
        assertThat(BlockComments.strip("")).isEmpty();
    }

    @Test
    void commentAtEndWithoutNewline_removed() {
        assertThat(BlockComments.strip("a\n<!-- last -->")).isEqualTo("a\n");
    }

    @Test
    void textAfterCommentAtEndWithoutNewline_stays() {
        assertThat(BlockComments.strip("a\n<!-- last --> tail")).isEqualTo("a\n tail");
    }

    @Test
    void textWithoutComments_keptByteForByte() {
        String markdown = "# Tïtle 🚀\r\n\r\n- one\n- two\r\n\n";
        assertThat(BlockComments.strip(markdown)).isEqualTo(markdown);
    }
}
