package dev.memdir.recall;

/**
 * A text embedding model: turns a text into a unit-length vector whose dot product with another text's vector says
 * how close their meanings are. Called from several threads at once.
 */
public interface Embedder {

    /** Returns the model's name as vectors are kept under it (vectors of another model are never compared). */
    String model();

    /** Returns the vector of a passage of a memory file, a few hundred words at most ({@link Passages}). */
    float[] passage(String text);

    /**
     * Returns the vector of a text a query is judged against, not a memory's ({@link Background}): embedded as a
     * passage is.
     */
    default float[] reference(String text) {
        return passage(text);
    }

    /** Returns the vector of a query, to compare with passages' vectors. */
    float[] query(String text);

    /** Gives back what the runs so far took and no longer use, once no passage waits: their work is done. */
    default void rest() {}
}
