package dev.memdir.server;

import dev.memdir.config.Settings;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** The session id a server records in the files it stamps: the configured one, else a new one. */
public final class SessionIds {

    private SessionIds() {}

    /** Returns the session id {@code settings} give, else a new one. */
    public static String of(Settings settings) {
        return settings.sessionId().orElseGet(SessionIds::next);
    }

    /**
     * A random (version 4) UUID. The id tells sessions apart and guards nothing, so it comes from
     * ThreadLocalRandom: SecureRandom's first use loads the security providers, tens of milliseconds of start-up.
     */
    static String next() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & ~(0xC000L << 48)) | (0x8000L << 48);
        return new UUID(high, low).toString();
    }
}
