package dev.memdir.memory.postgres;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.TableFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** What a test does to a PostgreSQL memory that no command does: make an empty directory. */
public final class PostgresHand {

    private PostgresHand() {}

    /** Makes {@code directory} and its missing parents in {@code store}'s namespace. */
    public static void makeDirectories(MemoryStore store, MemoryPath directory) throws IOException, CommandException {
        List<String> inside = new ArrayList<>(directory.segments());
        inside.add("inside");
        store.change(files -> {
            ((TableFiles) files).makeParents(new MemoryPath(directory.display() + "/inside", inside));
            return null;
        });
    }
}
