package dev.memdir.memory.store;

import java.io.IOException;

/**
 * The store could not run a command (unreachable, or busy past its timeout) and nothing was changed; the message
 * is the whole answer the model reads, worded by {@code Messages}.
 */
public final class StoreFault extends IOException {

    public StoreFault(String answer, Throwable cause) {
        super(answer, cause);
    }
}
