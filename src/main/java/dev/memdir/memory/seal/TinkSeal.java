package dev.memdir.memory.seal;

import com.google.crypto.tink.Aead;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.KeyMessages;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.StoreFault;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;

/**
 * Contents sealed with AES-256-GCM under one namespace's data key, the namespace and the path bound as associated
 * data. Every sealed content is its plain one plus {@value #OVERHEAD} bytes: the key id of Tink's output prefix (5),
 * the nonce (12) and the tag (16), so a store that keeps files on a disk can tell a file's plain size from its own.
 */
final class TinkSeal implements ContentSeal {

    static final int OVERHEAD = 5 + 12 + 16;

    private final Aead dataKey;
    private final String namespace;

    TinkSeal(Aead dataKey, String namespace) {
        this.dataKey = dataKey;
        this.namespace = namespace;
    }

    @Override
    public boolean seals() {
        return true;
    }

    @Override
    public int overhead() {
        return OVERHEAD;
    }

    @Override
    public byte[] seal(MemoryPath path, byte[] content) throws IOException {
        try {
            return dataKey.encrypt(content, boundTo(path));
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot seal " + path.display() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public byte[] open(MemoryPath path, byte[] stored) throws StoreFault {
        try {
            return dataKey.decrypt(stored, boundTo(path));
        } catch (GeneralSecurityException e) {
            throw new StoreFault(KeyMessages.sealBroken(path.display()), e);
        }
    }

    private byte[] boundTo(MemoryPath path) {
        return ("memdir content\0" + namespace + "\0" + String.join("/", path.segments()))
                .getBytes(StandardCharsets.UTF_8);
    }
}
