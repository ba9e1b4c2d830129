package dev.memdir.memory.render;

import static dev.memdir.memory.render.Messages.ERROR;

/** The texts of encryption at rest: why a memory does not open with the key given, and a sealed file that fails. */
public final class KeyMessages {

    private KeyMessages() {}

    public static String encryptedWithoutKey() {
        return "it is encrypted: give its key with --key-file FILE (or MEMDIR_KEY_FILE)";
    }

    public static String plainWithKey() {
        return "it is not encrypted, and a key was given: leave --key-file out, or copy it into a new encrypted"
                + " memory with memdir store copy --from ... --to ... --to-key-file FILE";
    }

    public static String notEncrypted() {
        return "it is not encrypted";
    }

    public static String wrongKey(String source) {
        return "the key in " + source + " does not open it (it was encrypted under another key)";
    }

    /** A sealed file or version whose stored bytes do not open: that call fails, and nothing is changed. */
    public static String sealBroken(String display) {
        return ERROR + "the stored bytes of " + display + " do not open under this memory's key: they were changed"
                + " outside memdir, or sealed for another path or memory. Nothing was changed.";
    }

    /**
     * A change through a store opened before its memory became encrypted (or lost its key record): refused, so that
     * no content is kept other than the memory's key record says.
     */
    public static String keyRecordChanged() {
        return ERROR + "this memory was encrypted, or its key record removed, since memdir opened it: restart"
                + " memdir (with the memory's key, if it is encrypted). Nothing was changed.";
    }

    /** Why a sealed manifest of a bucket (a head or a base, by its name there) does not open: at start-up. */
    public static String manifestBroken(String name) {
        return "the manifest " + name + " does not open under this memory's key: it was changed outside memdir, or"
                + " sealed for another memory";
    }

    /** The answer of a call that met a sealed manifest that does not open. */
    public static String manifestBrokenAnswer(String name) {
        return ERROR + manifestBroken(name) + ". Nothing was changed.";
    }
}
