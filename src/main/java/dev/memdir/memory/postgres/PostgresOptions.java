package dev.memdir.memory.postgres;

import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.StoreLimits;
import java.util.Optional;

/**
 * What a namespace of a PostgreSQL database is opened with, whichever way the database is reached.
 *
 * @param namespace the namespace, by the rule of {@code Namespaces}
 * @param limits the limits of the memory
 * @param history how many earlier versions of files the namespace keeps
 * @param actor who changes the memory through the store, as its history names the writer
 * @param keys the key-encryption key given, if any: an encrypted namespace needs it, a plain one that holds anything
 *     refuses it, and a new one opened with it is encrypted ({@code SealChoice})
 */
public record PostgresOptions(String namespace, StoreLimits limits, HistoryLimits history, String actor,
        Optional<MemoryKeys> keys) {

    /** Returns the options of a plain namespace with the default history limits. */
    public static PostgresOptions of(String namespace, StoreLimits limits, String actor) {
        return new PostgresOptions(namespace, limits, HistoryLimits.DEFAULT, actor, Optional.empty());
    }
}
