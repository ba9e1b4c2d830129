package dev.memdir.recall.model;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The C heap of the process, through JNA (which the tokenizer brings): only glibc's can be trimmed. */
final class NativeHeap {

    private static final Logger log = LoggerFactory.getLogger(NativeHeap.class);

    /** glibc's call that returns free heap memory to the system. */
    private interface Glibc extends Library {
        int malloc_trim(long pad);
    }

    private NativeHeap() {}

    static void trim() {
        if (!Platform.isLinux()) {
            return;
        }
        try {
            Native.load("c", Glibc.class).malloc_trim(0);
        } catch (UnsatisfiedLinkError notGlibc) {
            log.debug("recall: no malloc_trim in this C library: {}", notGlibc.toString());
        }
    }
}
