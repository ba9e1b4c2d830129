package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.util.ArrayList;
import java.util.List;

/**
 * The directory that is to hold a located entry, the missing directories above it made (owner-only), each inside the
 * one above it; {@link #run} takes the made ones away again when the step it runs fails. Closing it closes the
 * directories it opened.
 */
final class MadeParents implements Closeable {

    /** A step that changes the disk inside the parent. */
    @FunctionalInterface
    interface Step {
        void run(OpenedDirectory parent) throws IOException, CommandException;
    }

    /** A directory opened below {@link #top}, and whether this made it. */
    private record Entered(String name, OpenedDirectory directory, boolean made) {}

    private final OpenedDirectory top;
    /** The directories opened below {@link #top}, in order, each inside the one before. */
    private final List<Entered> entered = new ArrayList<>();

    private MadeParents(OpenedDirectory top) {
        this.top = top;
    }

    /** Makes the directories missing above {@code target}; a file in the way is refused. */
    static MadeParents above(Located target) throws IOException, CommandException {
        List<String> segments = target.path().segments();
        if (target.belowFile()) {
            String ancestor = MemoryPath.ROOT + "/" + String.join("/", segments.subList(0, target.depth() + 1));
            throw new CommandException(Messages.notADirectory(ancestor));
        }
        MadeParents parents = new MadeParents(target.deepest());
        try {
            for (int i = target.depth(); i < segments.size() - 1; i++) {
                parents.enter(segments.get(i));
            }
        } catch (IOException | RuntimeException e) {
            parents.undo();
            parents.close();
            throw e;
        }
        return parents;
    }

    /** Returns the directory that holds the entry. */
    OpenedDirectory directory() {
        return entered.isEmpty() ? top : entered.get(entered.size() - 1).directory();
    }

    /** Runs {@code step} in the directory that holds the entry; when it fails, takes away the directories made. */
    void run(Step step) throws IOException, CommandException {
        try {
            step.run(directory());
        } catch (IOException | CommandException | RuntimeException e) {
            undo();
            throw e;
        }
    }

    private void enter(String name) throws IOException {
        OpenedDirectory parent = directory();
        try {
            entered.add(new Entered(name, parent.newDirectory(name), true));
        } catch (FileAlreadyExistsException raced) {
            entered.add(new Entered(name, parent.directory(name), false));
            return;
        }
        parent.sync();
    }

    /** Removes the directories made, deepest first, while they are empty. */
    private void undo() {
        for (int i = entered.size() - 1; i >= 0; i--) {
            if (!entered.get(i).made()) {
                continue;
            }
            OpenedDirectory parent = i == 0 ? top : entered.get(i - 1).directory();
            try {
                parent.deleteDirectory(entered.get(i).name());
            } catch (IOException notEmptyOrGone) {
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        for (Entered directory : entered) {
            directory.directory().close();
        }
    }
}
