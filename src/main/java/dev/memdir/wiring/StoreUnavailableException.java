package dev.memdir.wiring;

import java.io.IOException;

/** The store the settings choose cannot be opened (a database unreachable, a login refused); one line says why. */
public final class StoreUnavailableException extends IOException {

    StoreUnavailableException(String message, IOException cause) {
        super(message.replaceAll("\\s*\\R\\s*", " "), cause);
    }
}
