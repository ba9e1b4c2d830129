package dev.memdir.config;

/**
 * The memory {@code --store} chooses: one namespace of a store that many memories share, a PostgreSQL database or
 * an S3 bucket. (Sealed, so that loading it loads neither kind.)
 */
public sealed interface NamespaceMemory permits PostgresMemory, S3Memory {

    /** Returns which memory of the store it is. */
    String namespace();

    /** Returns the memory {@code namespace} of the same store. */
    NamespaceMemory inNamespace(String namespace);
}
