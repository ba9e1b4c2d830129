package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryFiles;
import java.io.IOException;
import java.util.Optional;

/** {@code delete}: removes a file, a link (not its target) or a whole directory; never the root. */
record Delete(MemoryPath path) implements MemoryCommand {

    @Override
    public String name() {
        return "delete";
    }

    @Override
    public Optional<MemoryPath> written() {
        return Optional.empty();
    }

    @Override
    public CommandOutput run(MemoryFiles files, FrontmatterStamper stamper) throws IOException, CommandException {
        if (path.isRoot()) {
            throw new CommandException(Messages.cannotDeleteRoot());
        }
        if (!files.entry(path).exists()) {
            throw new CommandException(Messages.notFoundBare(path.display()));
        }
        files.delete(path);
        return new CommandOutput.Text(Messages.deleted(path.display()));
    }
}
