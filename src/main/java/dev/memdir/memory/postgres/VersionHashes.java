package dev.memdir.memory.postgres;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.KeyMessages;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.StoreFault;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * How a kept version's SHA-256 sits in its row: its hex on a plain namespace; on an encrypted one, Base64 of the hex
 * sealed at the version's path, since the SHA-256 of a plain content in clear would confirm a guess of it.
 */
final class VersionHashes {

    private VersionHashes() {}

    /** Returns what a row keeps of the SHA-256 {@code hex} of a version of {@code path}. */
    static String stored(ContentSeal seal, MemoryPath path, String hex) throws IOException {
        return seal.seals()
                ? Base64.getEncoder().encodeToString(seal.seal(path, hex.getBytes(StandardCharsets.US_ASCII)))
                : hex;
    }

    /** Returns the SHA-256 hex of a version of {@code path} from what its row keeps, {@code stored}. */
    static String hex(ContentSeal seal, MemoryPath path, String stored) throws StoreFault {
        if (!seal.seals()) {
            return stored;
        }
        try {
            return new String(seal.open(path, Base64.getDecoder().decode(stored)), StandardCharsets.US_ASCII);
        } catch (IllegalArgumentException notBase64) {
            throw new StoreFault(KeyMessages.sealBroken(path.display()), notBase64);
        }
    }
}
