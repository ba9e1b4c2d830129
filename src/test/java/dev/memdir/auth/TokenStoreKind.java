package dev.memdir.auth;

/** The token stores the token tests run against, each through the same tests. */
enum TokenStoreKind {
    DIRECTORY,
    POSTGRES
}
