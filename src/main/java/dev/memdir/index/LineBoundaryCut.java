package dev.memdir.index;

import java.nio.charset.StandardCharsets;

/** Finds where the loaded part of an index ends: after whole lines only, within both limits of the budget. */
final class LineBoundaryCut {

    private LineBoundaryCut() {}

    /** Returns the end of the longest run of whole leading lines of {@code text} within the budget's lines and bytes. */
    static int end(String text, IndexBudget budget) {
        int end = 0;
        int lines = 0;
        int bytes = 0;
        while (end < text.length() && lines < budget.maxLines()) {
            int lineBreak = text.indexOf('\n', end);
            int next = lineBreak < 0 ? text.length() : lineBreak + 1;
            bytes += text.substring(end, next).getBytes(StandardCharsets.UTF_8).length;
            if (bytes > budget.maxBytes()) {
                break;
            }
            lines++;
            end = next;
        }
        return end;
    }
}
