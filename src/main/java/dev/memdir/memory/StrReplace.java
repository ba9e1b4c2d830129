package dev.memdir.memory;

import dev.memdir.frontmatter.Frontmatter;
import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.frontmatter.Stamp;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code str_replace}: replaces the one occurrence of {@code oldStr} in the whole content (so it may span
 * lines), under the root lock so that no other writer's edit is lost in between.
 */
record StrReplace(MemoryPath path, String oldStr, String newStr) implements MemoryCommand {

    private static final int SNIPPET_CONTEXT = 2;

    @Override
    public String name() {
        return "str_replace";
    }

    @Override
    public CommandOutput run(MemoryFiles files, FrontmatterStamper stamper) throws IOException, CommandException {
        String content = TextContent.decodeForEdit(files.read(path), path.display());
        if (oldStr.isEmpty()) {
            throw new CommandException(Messages.emptyOldStr(path.display()));
        }
        List<Integer> starts = occurrences(content);
        if (starts.isEmpty()) {
            throw new CommandException(Messages.noMatch(oldStr, path.display()));
        }
        if (starts.size() > 1) {
            throw new CommandException(Messages.multipleMatches(oldStr, linesOf(content, starts)));
        }
        int at = starts.get(0);
        String edited = content.substring(0, at) + newStr + content.substring(at + oldStr.length());
        Stamp stamp = stamper.stamp(edited, false);
        files.write(path, TextContent.encode(stamp.content()));
        int line = lineAfterStamp(edited, stamp.content(), TextContent.lineAt(content, at));
        return new CommandOutput.Text(
                Messages.withStampNote(Messages.replaced(snippet(stamp.content(), line)), path.display(),
                        stamp.problem()));
    }

    /** Returns every index where {@code oldStr} starts, overlapping ones included: each makes the match ambiguous. */
    private List<Integer> occurrences(String content) {
        List<Integer> starts = new ArrayList<>();
        for (int i = content.indexOf(oldStr); i >= 0; i = content.indexOf(oldStr, i + 1)) {
            starts.add(i);
        }
        return starts;
    }

    private static List<Integer> linesOf(String content, List<Integer> starts) {
        List<Integer> lines = new ArrayList<>();
        for (int start : starts) {
            int line = TextContent.lineAt(content, start);
            if (!lines.contains(line)) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** Stamping edits only the frontmatter: a match in the body moves by the lines the stamp added. */
    private static int lineAfterStamp(String edited, String stamped, int matchLine) {
        int added = TextContent.lines(stamped).size() - TextContent.lines(edited).size();
        int bodyLine = Frontmatter.find(edited).map(f -> TextContent.lineAt(edited, f.bodyStart())).orElse(1);
        return added != 0 && matchLine >= bodyLine ? matchLine + added : matchLine;
    }

    private static String snippet(String edited, int matchLine) {
        List<String> lines = TextContent.lines(edited);
        int first = Math.max(1, matchLine - SNIPPET_CONTEXT);
        int last = Math.min(lines.size(), matchLine + SNIPPET_CONTEXT);
        return TextContent.numbered(lines, Math.min(first, last), last);
    }
}
