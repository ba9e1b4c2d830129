package dev.memdir.memory.seal;

import com.google.crypto.tink.Aead;
import com.google.crypto.tink.KeysetHandle;
import com.google.crypto.tink.RegistryConfiguration;
import com.google.crypto.tink.TinkProtoKeysetFormat;
import com.google.crypto.tink.aead.PredefinedAeadParameters;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.WrongKeyException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;

/**
 * A key-encryption key from a key file: it wraps each namespace's data key (a Tink keyset of AES-256-GCM keys) with
 * the namespace bound as associated data, so a key record copied to another namespace does not open there. A key
 * file rotated keeps its older keys, so records wrapped under them still open.
 */
public final class TinkKeys implements MemoryKeys {

    private static final String RECORD_CONTEXT = "memdir data key\0";

    private final Aead keyEncryptionKey;
    private final String source;

    private TinkKeys(Aead keyEncryptionKey, String source) {
        this.keyEncryptionKey = keyEncryptionKey;
        this.source = source;
    }

    /** Reads the key-encryption key of the key file {@code file} (see {@link KeyFiles}). */
    public static TinkKeys load(Path file) throws IOException {
        KeysetHandle keyset = KeyFiles.read(file);
        try {
            return new TinkKeys(keyset.getPrimitive(RegistryConfiguration.get(), Aead.class), file.toString());
        } catch (GeneralSecurityException e) {
            throw new IOException("the key file " + file + " holds no AEAD key: " + e.getMessage(), e);
        }
    }

    @Override
    public byte[] newRecord(String namespace) throws IOException {
        return wrap(namespace, KeyFiles.generate());
    }

    @Override
    public ContentSeal seal(String namespace, byte[] record) throws WrongKeyException {
        try {
            return new TinkSeal(unwrap(namespace, record).getPrimitive(RegistryConfiguration.get(), Aead.class),
                    namespace);
        } catch (GeneralSecurityException e) {
            throw new WrongKeyException(namespace, e);
        }
    }

    @Override
    public byte[] rewrap(String namespace, byte[] record, boolean newDataKey) throws WrongKeyException {
        KeysetHandle dataKey = unwrap(namespace, record);
        try {
            return wrap(namespace, newDataKey ? KeyFiles.withNewPrimary(dataKey) : dataKey);
        } catch (IOException e) {
            throw new WrongKeyException(namespace, e);
        }
    }

    @Override
    public String source() {
        return source;
    }

    private KeysetHandle unwrap(String namespace, byte[] record) throws WrongKeyException {
        try {
            return TinkProtoKeysetFormat.parseEncryptedKeyset(record, keyEncryptionKey, context(namespace));
        } catch (GeneralSecurityException e) {
            throw new WrongKeyException(namespace, e);
        }
    }

    private byte[] wrap(String namespace, KeysetHandle dataKey) throws IOException {
        try {
            return TinkProtoKeysetFormat.serializeEncryptedKeyset(dataKey, keyEncryptionKey, context(namespace));
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot wrap the data key of namespace '" + namespace + "': " + e.getMessage(), e);
        }
    }

    private static byte[] context(String namespace) {
        return (RECORD_CONTEXT + namespace).getBytes(StandardCharsets.UTF_8);
    }

    /** The AES-256-GCM parameters of every key memdir makes. */
    static com.google.crypto.tink.Parameters parameters() {
        return PredefinedAeadParameters.AES256_GCM;
    }
}
