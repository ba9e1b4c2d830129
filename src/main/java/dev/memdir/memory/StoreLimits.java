package dev.memdir.memory;

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

    boolean limitsRoot() {
        return maxRootBytes != UNLIMITED || maxFiles != UNLIMITED;
    }
}
