package dev.memdir.desk;

import java.time.Instant;
import java.util.Optional;

/**
 * One entry of a directory as the tree shows it.
 *
 * @param name its last segment
 * @param path its virtual path ({@code /memories/...})
 * @param directory whether it is a directory
 * @param size its size in bytes (a directory's: what it holds)
 * @param modified when a file was last changed (its stamp, else its store's time); empty for a directory
 * @param stale whether a file has gone untouched for longer than the stale age
 */
public record DeskEntry(String name, String path, boolean directory, long size, Optional<Instant> modified,
        boolean stale) {}
