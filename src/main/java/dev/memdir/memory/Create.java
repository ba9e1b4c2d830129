package dev.memdir.memory;

import dev.memdir.frontmatter.Stamp;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** {@code create}: writes a new file exactly as given, creating its parent directories; never overwrites. */
record Create(MemoryPath path, String fileText) implements MemoryCommand {

    @Override
    public String name() {
        return "create";
    }

    @Override
    public CommandOutput run(MemoryStore store) throws IOException, CommandException {
        return store.exclusively(() -> {
            Located located = store.locate(path);
            if (located.exists()) {
                throw new CommandException(Messages.alreadyExists(path.display()));
            }
            Stamp stamp = store.stamp(fileText, true);
            byte[] content = TextContent.encode(stamp.content());
            store.checkSize(located, content);
            List<Path> createdParents = store.createParents(located);
            try {
                store.write(located, content);
            } catch (IOException | CommandException | RuntimeException e) {
                store.removeCreated(createdParents);
                throw e;
            }
            return new CommandOutput.Text(
                    Messages.withStampNote(Messages.created(path.display()), path.display(), stamp.problem()));
        });
    }
}
