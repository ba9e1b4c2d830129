package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.frontmatter.Stamp;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryFiles;
import java.io.IOException;

/** {@code create}: writes a new file exactly as given, creating its parent directories; never overwrites. */
record Create(MemoryPath path, String fileText) implements MemoryCommand {

    @Override
    public String name() {
        return "create";
    }

    @Override
    public CommandOutput run(MemoryFiles files, FrontmatterStamper stamper) throws IOException, CommandException {
        if (files.entry(path).exists()) {
            throw new CommandException(Messages.alreadyExists(path.display()));
        }
        Stamp stamp = stamper.stamp(fileText, true);
        files.write(path, TextContent.encode(stamp.content()));
        return new CommandOutput.Text(
                Messages.withStampNote(Messages.created(path.display()), path.display(), stamp.problem()));
    }
}
