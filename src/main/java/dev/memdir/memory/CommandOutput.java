package dev.memdir.memory;

/** What a successful memory command returns: text, or an image for {@code view} of a picture. */
public sealed interface CommandOutput permits CommandOutput.Text, CommandOutput.Image {

    /** A text answer. */
    record Text(String text) implements CommandOutput {}

    /** Image bytes with their MIME type. */
    record Image(byte[] data, String mimeType) implements CommandOutput {}
}
