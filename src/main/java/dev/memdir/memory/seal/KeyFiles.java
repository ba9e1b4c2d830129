package dev.memdir.memory.seal;

import com.google.crypto.tink.InsecureSecretKeyAccess;
import com.google.crypto.tink.KeysetHandle;
import com.google.crypto.tink.TinkJsonProtoKeysetFormat;
import com.google.crypto.tink.aead.AeadConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;

/**
 * Key files: a Tink keyset of AES-256-GCM keys in Tink's JSON format, in clear, readable by its owner alone. A new
 * file has one key; a rotation adds a key and makes it the primary, keeping the older ones so that what they
 * wrapped still opens.
 */
public final class KeyFiles {

    static {
        try {
            AeadConfig.register();
        } catch (GeneralSecurityException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private KeyFiles() {}

    /** Writes a new key file at {@code file}, readable by its owner alone; an existing file is never replaced. */
    public static void create(Path file) throws IOException {
        byte[] json = serialize(generate());
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (FileAlreadyExistsException e) {
            throw new FileAlreadyExistsException(file.toString(), null, "a file is there already; it is not replaced");
        }
        Files.write(file, json, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.SYNC);
    }

    /**
     * Adds a new primary key to the key file {@code file}, written beside it and moved over it, so a kill leaves
     * the old file or the new one; returns the number of keys it holds now.
     */
    public static int rotate(Path file) throws IOException {
        KeysetHandle rotated = withNewPrimary(read(file));
        Path next = file.resolveSibling(file.getFileName() + ".next");
        Files.deleteIfExists(next);
        Files.createFile(next, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.write(next, serialize(rotated), StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.SYNC);
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return rotated.size();
    }

    static KeysetHandle read(Path file) throws IOException {
        String json = Files.readString(file, StandardCharsets.UTF_8);
        try {
            return TinkJsonProtoKeysetFormat.parseKeyset(json, InsecureSecretKeyAccess.get());
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new IOException("the key file " + file + " is not a Tink keyset (make one with memdir key create)",
                    e);
        }
    }

    static KeysetHandle generate() throws IOException {
        try {
            return KeysetHandle.generateNew(TinkKeys.parameters());
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot make a key: " + e.getMessage(), e);
        }
    }

    static KeysetHandle withNewPrimary(KeysetHandle keyset) throws IOException {
        try {
            return KeysetHandle.newBuilder(keyset)
                    .addEntry(KeysetHandle.generateEntryFromParameters(TinkKeys.parameters()).withRandomId()
                            .makePrimary())
                    .build();
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot add a key: " + e.getMessage(), e);
        }
    }

    private static byte[] serialize(KeysetHandle keyset) throws IOException {
        try {
            return TinkJsonProtoKeysetFormat.serializeKeyset(keyset, InsecureSecretKeyAccess.get())
                    .getBytes(StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot write a key: " + e.getMessage(), e);
        }
    }
}
