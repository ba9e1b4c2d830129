package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.Entry;
import dev.memdir.memory.store.MemoryFiles;
import java.io.IOException;
import java.util.Optional;

/** {@code rename}: moves a file or directory atomically; never over an existing entry, never the root. */
record Rename(MemoryPath path, MemoryPath newPath) implements MemoryCommand {

    @Override
    public String name() {
        return "rename";
    }

    @Override
    public Optional<MemoryPath> written() {
        return Optional.of(newPath);
    }

    @Override
    public CommandOutput run(MemoryFiles files, FrontmatterStamper stamper) throws IOException, CommandException {
        if (path.isRoot()) {
            throw new CommandException(Messages.cannotRenameRoot());
        }
        Entry source = files.entry(path);
        if (files.entry(newPath).exists()) {
            throw new CommandException(Messages.destinationExists(newPath.display()));
        }
        if (!source.exists()) {
            throw new CommandException(Messages.notFoundBare(path.display()));
        }
        if (path.contains(newPath)) {
            throw new CommandException(Messages.renameIntoItself(path.display(), newPath.display()));
        }
        files.move(path, newPath);
        return new CommandOutput.Text(Messages.renamed(path.display(), newPath.display()));
    }
}
