package dev.memdir.desk;

/** An edit was refused: the file changed since it was opened. Nothing was written. */
public final class EditConflict extends Exception {

    private final transient OpenedFile theirs;
    private final String yours;

    EditConflict(String message, OpenedFile theirs, String yours) {
        super(message, null, false, false);
        this.theirs = theirs;
        this.yours = yours;
    }

    /** Returns the file as it is now, with the change made since the edit began. */
    public OpenedFile theirs() {
        return theirs;
    }

    /** Returns the edit's text as it would have been saved: with the line ends of the file now. */
    public String yours() {
        return yours;
    }
}
