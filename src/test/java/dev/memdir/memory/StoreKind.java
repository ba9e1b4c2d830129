package dev.memdir.memory;

/** The stores the command tests run against, each through the same tests. */
enum StoreKind {
    DIRECTORY,
    POSTGRES
}
