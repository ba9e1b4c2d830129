package dev.memdir;

import java.security.SecureRandom;

/** The seed of a randomized reliability test: {@code -Dmemdir.torture.seed}, else a new one, printed for a repeat. */
public final class TortureSeed {

    private TortureSeed() {}

    /** Returns the seed for {@code test}, after printing it in the line {@code scripts/torture} reads. */
    public static long announce(String test) {
        long seed = Long.getLong("memdir.torture.seed", new SecureRandom().nextLong());
        System.out.printf("[torture] %s seed=%d (repeat with -Dmemdir.torture.seed=%d)%n", test, seed, seed);
        return seed;
    }
}
