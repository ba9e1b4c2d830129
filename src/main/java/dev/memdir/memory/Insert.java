package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.frontmatter.Stamp;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** {@code insert}: places text after line {@code insertLine} (0 = before the first), under the root lock. */
record Insert(MemoryPath path, long insertLine, String insertText) implements MemoryCommand {

    @Override
    public String name() {
        return "insert";
    }

    @Override
    public CommandOutput run(MemoryFiles files, FrontmatterStamper stamper) throws IOException, CommandException {
        String content = TextContent.decodeForEdit(files.read(path), path.display());
        List<String> lines = new ArrayList<>(TextContent.lines(content));
        if (insertLine < 0 || insertLine > lines.size()) {
            throw new CommandException(Messages.invalidInsertLine(insertLine, lines.size()));
        }
        String text = insertText.endsWith("\n") ? insertText.substring(0, insertText.length() - 1) : insertText;
        lines.add((int) insertLine, text);
        Stamp stamp = stamper.stamp(String.join("\n", lines), false);
        files.write(path, TextContent.encode(stamp.content()));
        return new CommandOutput.Text(
                Messages.withStampNote(Messages.inserted(path.display()), path.display(), stamp.problem()));
    }
}
