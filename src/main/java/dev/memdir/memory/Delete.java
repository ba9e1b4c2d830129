package dev.memdir.memory;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
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
    public CommandOutput run(MemoryStore store) throws IOException, CommandException {
        if (path.isRoot()) {
            throw new CommandException(Messages.cannotDeleteRoot());
        }
        return store.exclusively(() -> {
            Located located = store.locate(path);
            if (!located.exists()) {
                throw new CommandException(Messages.notFoundBare(path.display()));
            }
            store.keepHistoryOf(located);
            deleteTree(located.disk());
            AtomicFiles.syncDirectory(located.disk().getParent());
            return new CommandOutput.Text(Messages.deleted(path.display()));
        });
    }

    /** Deletes depth-first without following links, so a link inside the tree never takes its target with it. */
    private static void deleteTree(Path top) throws IOException {
        Files.walkFileTree(top, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path directory, IOException failure) throws IOException {
                if (failure != null) {
                    throw failure;
                }
                Files.delete(directory);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
