package dev.memdir.memory.store;

import java.io.IOException;

/** A memory cannot be opened with the key given, or without one; the message says why and the way out. */
public final class SealRefusedException extends IOException {

    public SealRefusedException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
