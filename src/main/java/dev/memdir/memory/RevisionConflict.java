package dev.memdir.memory;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;

/** A person's edit was refused inside its unit of work: the file changed since it was opened. Nothing was written. */
public final class RevisionConflict extends CommandException {

    private final transient byte[] now;
    private final String yours;

    RevisionConflict(MemoryPath path, byte[] now, String yours) {
        super(Messages.changedSinceRead(path.display()));
        this.now = now;
        this.yours = yours;
    }

    /** Returns the bytes the file holds now, read in the unit of work that refused the edit. */
    public byte[] now() {
        return now.clone();
    }

    /** Returns the edit's text as it would have been written: with the line ends of the file now. */
    public String yours() {
        return yours;
    }
}
