package dev.memdir.desk;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines that changed between two texts, with two lines of context, as a unified diff. A diff's cost is bounded
 * whatever the texts: the lines both share at the start and at the end are set aside first, the rest is compared
 * line by line only while it is short enough, and the diff shown stops after {@link #MOST_LINES} lines.
 */
final class LineDiff {

    static final int MOST_LINES = 400;
    /** Past this many differing lines on both sides, the diff shows the start of each side, not a line match. */
    static final int MOST_COMPARED = 1_000;
    private static final int CONTEXT = 2;
    private static final int SHOWN_WHEN_LONG = 20;

    private LineDiff() {}

    static List<DiffLine> between(String before, String after) {
        List<String> old = lines(before);
        List<String> now = lines(after);
        int start = 0;
        while (start < old.size() && start < now.size() && old.get(start).equals(now.get(start))) {
            start++;
        }
        int endOld = old.size();
        int endNow = now.size();
        while (endOld > start && endNow > start && old.get(endOld - 1).equals(now.get(endNow - 1))) {
            endOld--;
            endNow--;
        }
        if ((endOld - start) + (endNow - start) > MOST_COMPARED) {
            return sides(old.subList(start, endOld), now.subList(start, endNow), start);
        }
        int from = Math.max(0, start - CONTEXT);
        List<String> oldPart = old.subList(from, Math.min(old.size(), endOld + CONTEXT));
        List<String> nowPart = now.subList(from, Math.min(now.size(), endNow + CONTEXT));
        Patch<String> patch = DiffUtils.diff(oldPart, nowPart);
        List<String> unified = UnifiedDiffUtils.generateUnifiedDiff("before", "after", oldPart, patch, CONTEXT);
        List<DiffLine> diff = new ArrayList<>();
        for (String line : unified.subList(Math.min(2, unified.size()), unified.size())) {
            if (diff.size() == MOST_LINES) {
                diff.add(omitted(unified.size() - 2 - MOST_LINES));
                break;
            }
            diff.add(line(line, from));
        }
        return diff;
    }

    /** A hunk's head names lines of the whole texts, not of the part compared. */
    private static DiffLine line(String unified, int offset) {
        if (unified.startsWith("@@")) {
            return new DiffLine(DiffLine.Kind.HUNK, shifted(unified, offset));
        }
        String text = unified.isEmpty() ? "" : unified.substring(1);
        return switch (unified.isEmpty() ? ' ' : unified.charAt(0)) {
            case '+' -> new DiffLine(DiffLine.Kind.ADDED, text);
            case '-' -> new DiffLine(DiffLine.Kind.REMOVED, text);
            default -> new DiffLine(DiffLine.Kind.CONTEXT, text);
        };
    }

    private static String shifted(String head, int offset) {
        String[] parts = head.split(" ");
        if (parts.length < 4) {
            return head;
        }
        return "@@ " + moved(parts[1], offset) + " " + moved(parts[2], offset) + " @@";
    }

    /** {@code -3,4} moved by {@code offset} lines: {@code -13,4}. */
    private static String moved(String range, int offset) {
        String sign = range.substring(0, 1);
        String[] startAndCount = range.substring(1).split(",", 2);
        long first = Long.parseLong(startAndCount[0]) + offset;
        return sign + first + (startAndCount.length > 1 ? "," + startAndCount[1] : "");
    }

    private static List<DiffLine> sides(List<String> removed, List<String> added, int start) {
        List<DiffLine> diff = new ArrayList<>();
        diff.add(new DiffLine(DiffLine.Kind.HUNK, "@@ -" + (start + 1) + "," + removed.size() + " +" + (start + 1)
                + "," + added.size() + " @@"));
        side(removed, DiffLine.Kind.REMOVED, diff);
        side(added, DiffLine.Kind.ADDED, diff);
        return diff;
    }

    private static void side(List<String> lines, DiffLine.Kind kind, List<DiffLine> diff) {
        lines.stream().limit(SHOWN_WHEN_LONG).forEach(line -> diff.add(new DiffLine(kind, line)));
        if (lines.size() > SHOWN_WHEN_LONG) {
            diff.add(omitted(lines.size() - SHOWN_WHEN_LONG));
        }
    }

    private static DiffLine omitted(int count) {
        return new DiffLine(DiffLine.Kind.OMITTED, count + (count == 1 ? " more line" : " more lines"));
    }

    private static List<String> lines(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        if (text.endsWith("\n")) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }
}
