package dev.memdir.memory;

import dev.memdir.memory.store.CommandException;

/** What a successful memory command returns: text, or an image for {@code view} of a picture. */
public sealed interface CommandOutput permits CommandOutput.Text, CommandOutput.Image {

    /**
     * A text answer. {@code isError} marks a write that succeeded but left something the model must fix now
     * (an index over its budget); a command that failed is a {@link CommandException} instead.
     */
    record Text(String text, boolean isError) implements CommandOutput {

        public Text(String text) {
            this(text, false);
        }
    }

    /** Image bytes with their MIME type. */
    record Image(byte[] data, String mimeType) implements CommandOutput {}
}
