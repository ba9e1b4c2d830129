package dev.memdir.memory.store;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;

/**
 * What one memory root may hold. A write that would pass a limit fails and changes nothing.
 *
 * @param maxFileBytes the most one file may hold
 * @param maxRootBytes the most all visible files together may hold ({@link Long#MAX_VALUE}: no limit)
 * @param maxFiles the most visible files the root may hold ({@link Long#MAX_VALUE}: no limit)
 */
public record StoreLimits(long maxFileBytes, long maxRootBytes, long maxFiles) {

    public static final long UNLIMITED = Long.MAX_VALUE;

    public StoreLimits {
        if (maxFileBytes <= 0 || maxRootBytes <= 0 || maxFiles <= 0) {
            throw new IllegalArgumentException("Store limits must be positive");
        }
    }

    /** Returns limits with only a per-file cap. */
    public static StoreLimits perFile(long maxFileBytes) {
        return new StoreLimits(maxFileBytes, UNLIMITED, UNLIMITED);
    }

    /** Fails when a file of {@code bytes} bytes at {@code path} would be larger than one file may be. */
    public void checkFileSize(MemoryPath path, long bytes) throws CommandException {
        if (bytes > maxFileBytes) {
            throw new CommandException(Messages.tooLarge(path.display(), bytes, maxFileBytes));
        }
    }

    /**
     * Returns what the memory holds once {@code bytes} are written at {@code path} over {@code replaced} (a file,
     * or absent for a new one); fails, files checked first, when that passes a root limit.
     */
    public Usage admit(MemoryPath path, Entry replaced, long bytes, Usage now) throws CommandException {
        Usage after = replaced.exists() ? now.plus(0, bytes - replaced.size()) : now.plus(1, bytes);
        if (after.files() > maxFiles) {
            throw new CommandException(Messages.tooManyFiles(path.display(), maxFiles));
        }
        if (after.bytes() > maxRootBytes) {
            throw new CommandException(Messages.rootTooLarge(path.display(), after.bytes(), maxRootBytes));
        }
        return after;
    }
}
