package dev.memdir.desk;

/** An edit was refused: the file changed since it was opened. Nothing was written. */
public final class EditConflict extends Exception {

    private final transient OpenedFile theirs;

    EditConflict(String message, OpenedFile theirs) {
        super(message, null, false, false);
        this.theirs = theirs;
    }

    /** Returns the file as it is now, with the change made since the edit began. */
    public OpenedFile theirs() {
        return theirs;
    }
}
