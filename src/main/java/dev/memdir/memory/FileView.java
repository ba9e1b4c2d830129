package dev.memdir.memory;

import dev.memdir.memory.render.Messages;
import dev.memdir.memory.render.ViewLimits;
import dev.memdir.memory.store.CommandException;
import java.util.List;
import java.util.Optional;

/** The {@code view} of a text file: a header and numbered lines, paged past {@link ViewLimits#MAX_VIEW_CHARS}. */
final class FileView {

    /** Room kept for the paging notice when a view is cut. */
    private static final int NOTICE_ROOM = 200;

    private FileView() {}

    static String render(String path, String text, Optional<ViewRange> range) throws CommandException {
        List<String> lines = TextContent.lines(text);
        if (lines.size() > ViewLimits.MAX_LINES) {
            throw new CommandException(Messages.lineLimit(path));
        }
        int total = lines.size();
        long requestedStart = Math.max(1, range.map(ViewRange::start).orElse(1L));
        long requestedEnd = range.map(ViewRange::end).orElse(ViewRange.TO_END);
        int last = requestedEnd == ViewRange.TO_END ? total : (int) Math.min(requestedEnd, total);
        String header = Messages.fileHeader(path);
        if (requestedStart > last) {
            return header + "\n";
        }
        int first = (int) requestedStart;
        int shownLast = lastLineThatFits(header, lines, first, last);
        String body = header + "\n" + TextContent.numbered(lines, first, shownLast);
        if (shownLast == last) {
            return body;
        }
        String nextRange = "[" + (shownLast + 1) + ", " + (requestedEnd == ViewRange.TO_END ? -1 : last) + "]";
        return body + "\n" + Messages.pageNotice(first, shownLast, total, nextRange);
    }

    /** Returns the last line of {@code first..last} that keeps the view within the limit (never before {@code first}). */
    private static int lastLineThatFits(String header, List<String> lines, int first, int last) {
        long length = header.length();
        for (int number = first; number <= last; number++) {
            length += 1 + Messages.numberedLine(number, lines.get(number - 1)).length();
        }
        if (length <= ViewLimits.MAX_VIEW_CHARS) {
            return last;
        }
        length = header.length();
        int shown = first;
        for (int number = first; number <= last; number++) {
            length += 1 + Messages.numberedLine(number, lines.get(number - 1)).length();
            if (length > ViewLimits.MAX_VIEW_CHARS - NOTICE_ROOM) {
                break;
            }
            shown = number;
        }
        return shown;
    }
}
