package dev.memdir.memory;

/** The stores memdir keeps a memory in; a test marked {@link EveryStore} runs once on each. */
public enum StoreKind {
    DIRECTORY,
    POSTGRES
}
