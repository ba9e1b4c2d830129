package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryFiles;
import java.io.IOException;
import java.util.Optional;

/** One parsed memory command, ready to run against a store's files as one unit of work. */
sealed interface MemoryCommand permits View, Create, StrReplace, Insert, Delete, Rename, Restore, Redact, Revise {

    /** Returns the command's name as the model spells it ({@code str_replace}). */
    String name();

    /** Returns the path the command acts on (the source, for rename), for error texts. */
    MemoryPath path();

    /** Returns whether the command may change the store. */
    default boolean writes() {
        return true;
    }

    /** Returns the path whose content the command has just written, if any (the destination, for rename). */
    default Optional<MemoryPath> written() {
        return Optional.of(path());
    }

    CommandOutput run(MemoryFiles files, FrontmatterStamper stamper) throws IOException, CommandException;
}
