package dev.memdir.memory.store;

import dev.memdir.memory.render.KeyMessages;
import java.io.IOException;
import java.util.Optional;

/**
 * Chooses how a namespace keeps its contents when a store opens it, from its key record and the key given: an
 * encrypted memory needs its key, a plain one that holds anything refuses a key (copying it is the way to turn
 * encryption on or off), and a new one given a key gets a data key of its own.
 */
public final class SealChoice {

    private SealChoice() {}

    /**
     * Returns the seal of {@code namespace}; when {@code mayWrite} is false an empty namespace given a key is kept
     * plain rather than given a record (a reader changes nothing, and finds nothing to open).
     */
    public static ContentSeal choose(Optional<MemoryKeys> keys, String namespace, KeyRecord record, boolean mayWrite)
            throws IOException {
        Optional<byte[]> kept = record.read();
        if (kept.isPresent()) {
            if (keys.isEmpty()) {
                throw new SealRefusedException(KeyMessages.encryptedWithoutKey(), null);
            }
            try {
                return keys.get().seal(namespace, kept.get());
            } catch (WrongKeyException wrong) {
                throw new SealRefusedException(KeyMessages.wrongKey(keys.get().source()), wrong);
            }
        }
        if (keys.isEmpty()) {
            return ContentSeal.PLAIN;
        }
        if (record.holdsAnything()) {
            throw new SealRefusedException(KeyMessages.plainWithKey(), null);
        }
        if (!mayWrite) {
            return ContentSeal.PLAIN;
        }
        byte[] created = record.create(keys.get().newRecord(namespace));
        try {
            return keys.get().seal(namespace, created);
        } catch (WrongKeyException wrong) {
            throw new SealRefusedException(KeyMessages.wrongKey(keys.get().source()), wrong);
        }
    }
}
