package dev.memdir.memory.store;

import java.io.IOException;

/**
 * A key-encryption key: it wraps each namespace's own data key into the small key record kept with the namespace,
 * and opens a namespace's {@link ContentSeal} from that record. Nothing of the store opens without it.
 */
public interface MemoryKeys {

    /** Makes a new data key for {@code namespace} and returns its key record, wrapped and bound to the namespace. */
    byte[] newRecord(String namespace) throws IOException;

    /** Returns the seal of {@code namespace} from its key record; a record this key does not open is refused. */
    ContentSeal seal(String namespace, byte[] record) throws WrongKeyException;

    /**
     * Returns {@code record} wrapped again under the newest key-encryption key, with a new primary data key added
     * when {@code newDataKey} (contents sealed before still open; new ones are sealed under it).
     */
    byte[] rewrap(String namespace, byte[] record, boolean newDataKey) throws WrongKeyException;

    /** Returns where the key comes from, as a message names it (the key file). */
    String source();
}
