package dev.memdir.memory;

import java.time.Duration;

/**
 * The stores memdir keeps a memory in, each plain and sealed (encrypted at rest under a key, issue 24); a test
 * marked {@link EveryStore} runs once on each.
 */
public enum StoreKind {
    DIRECTORY,
    POSTGRES,
    S3,
    SEALED_DIRECTORY,
    SEALED_POSTGRES,
    SEALED_S3;

    /** Returns the store this kind keeps the memory in, whether sealed or not. */
    public StoreKind plain() {
        return switch (this) {
            case SEALED_DIRECTORY -> DIRECTORY;
            case SEALED_POSTGRES -> POSTGRES;
            case SEALED_S3 -> S3;
            default -> this;
        };
    }

    /** Returns whether the memory's contents are sealed under a key ({@link TestKeys}). */
    public boolean sealed() {
        return plain() != this;
    }

    /**
     * Returns how soon a watch on this store hears of a change another process made: 1 s, or on S3, polled every
     * 2 s, the 3 s issue 23 allows.
     */
    public Duration noticeWithin() {
        return plain() == S3 ? Duration.ofSeconds(3) : Duration.ofSeconds(1);
    }
}
