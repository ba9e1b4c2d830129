package dev.memdir.memory.store;

/** A memory command failed; the message is the exact {@code Error: ...} text the model reads. */
public class CommandException extends Exception {

    public CommandException(String text) {
        super(text, null, false, false);
    }

    /** Returns the text for the model, starting with {@code Error: }. */
    public String text() {
        return getMessage();
    }
}
