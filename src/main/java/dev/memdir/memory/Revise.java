package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.frontmatter.Stamp;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.Sha256;
import java.io.IOException;

/**
 * A person's edit of a whole file: written only if the file still holds what the person started from ({@code base},
 * its SHA-256), so that an agent's write in between is never overwritten unseen.
 */
record Revise(MemoryPath path, String base, String fileText) implements MemoryCommand {

    @Override
    public String name() {
        return "revise";
    }

    @Override
    public CommandOutput run(MemoryFiles files, FrontmatterStamper stamper) throws IOException, CommandException {
        if (!files.entry(path).isFile()) {
            throw new CommandException(Messages.notFound(path.display()));
        }
        if (!Sha256.hex(files.read(path)).equals(base)) {
            throw new CommandException(Messages.changedSinceRead(path.display()));
        }
        Stamp stamp = stamper.stamp(fileText, false);
        files.write(path, TextContent.encode(stamp.content()));
        return new CommandOutput.Text(
                Messages.withStampNote(Messages.saved(path.display()), path.display(), stamp.problem()));
    }
}
