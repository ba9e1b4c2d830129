package dev.memdir.context;

/**
 * A memory offered to a model's context: its virtual path, description and content's SHA-256, and the text given of it,
 * the file's whole body ({@code whole}) or the passage that bears on what asked.
 */
record Offer(String path, String description, String sha256, String text, boolean whole) {

    Given given() {
        return new Given(path, description, sha256);
    }
}
