package dev.memdir.auth;

import java.io.Closeable;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Where the bearer tokens of a memory live, next to the memory they guard: a table of the PostgreSQL store, or a
 * reserved file of the directory store's root. Only hashes are kept.
 */
public interface TokenStore extends Closeable {

    /** Keeps a new token; its id and hash are new (the caller made them from fresh randomness). */
    void add(StoredToken token) throws IOException;

    /** Returns every token, revoked and expired ones too, oldest first. */
    List<StoredToken> list() throws IOException;

    /**
     * Revokes the token {@code id} at {@code when} (one revoked already stays as it was) and returns it as it now
     * is; empty, and nothing changed, when no token has that id.
     */
    Optional<StoredToken> revoke(String id, Instant when) throws IOException;

    /** Returns where the tokens are kept, as messages name it. */
    String location();
}
