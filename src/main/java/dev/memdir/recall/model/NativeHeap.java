package dev.memdir.recall.model;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The C heap of the process, through JNA (which the tokenizer brings): only glibc's can be trimmed. */
final class NativeHeap {

    private static final Logger log = LoggerFactory.getLogger(NativeHeap.class);

    /** glibc's call that returns free heap memory to the system. */
    private interface Glibc extends Library {
        int malloc_trim(long pad);
    }

    /** The C library, bound once: empty off Linux, or where it is not glibc. */
    private static final Optional<Glibc> GLIBC = bind();

    private NativeHeap() {}

    static void trim() {
        GLIBC.ifPresent(glibc -> glibc.malloc_trim(0));
    }

    private static Optional<Glibc> bind() {
        if (!Platform.isLinux()) {
            return Optional.empty();
        }
        try {
            Glibc glibc = Native.load("c", Glibc.class);
            // JNA finds a function at its first call: this one tells whether the C library has it.
            glibc.malloc_trim(0);
            return Optional.of(glibc);
        } catch (UnsatisfiedLinkError notGlibc) {
            log.debug("recall: no malloc_trim in this C library: {}", notGlibc.toString());
            return Optional.empty();
        }
    }
}
