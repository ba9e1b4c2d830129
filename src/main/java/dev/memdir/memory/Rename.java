package dev.memdir.memory;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
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
    public CommandOutput run(MemoryStore store) throws IOException, CommandException {
        if (path.isRoot()) {
            throw new CommandException(Messages.cannotRenameRoot());
        }
        return store.exclusively(() -> {
            Located source = store.locate(path);
            Located destination = store.locate(newPath);
            if (destination.exists()) {
                throw new CommandException(Messages.destinationExists(newPath.display()));
            }
            if (!source.exists()) {
                throw new CommandException(Messages.notFoundBare(path.display()));
            }
            if (path.contains(newPath)) {
                throw new CommandException(Messages.renameIntoItself(path.display(), newPath.display()));
            }
            store.keepHistoryOf(source);
            List<Path> createdParents = store.createParents(destination);
            try {
                Files.move(source.disk(), destination.disk(), StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException | RuntimeException e) {
                store.removeCreated(createdParents);
                throw e;
            }
            AtomicFiles.syncDirectory(source.disk().getParent());
            AtomicFiles.syncDirectory(destination.disk().getParent());
            return new CommandOutput.Text(Messages.renamed(path.display(), newPath.display()));
        });
    }
}
