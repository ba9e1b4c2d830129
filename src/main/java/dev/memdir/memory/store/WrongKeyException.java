package dev.memdir.memory.store;

import java.io.IOException;

/** A namespace's key record does not open under the key given (another key, or a record that was changed). */
public final class WrongKeyException extends IOException {

    public WrongKeyException(String namespace, Throwable cause) {
        super("the key record of namespace '" + namespace + "' does not open under this key", cause);
    }
}
