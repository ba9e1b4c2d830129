package dev.memdir.memory.s3;

import java.io.IOException;

/**
 * An object a head named was gone when read: a newer commit dropped it, so the unit of work that read that head
 * starts again from the newest one.
 */
final class StaleHead extends IOException {

    StaleHead(String name) {
        super("the object " + name + " is gone: a newer commit dropped it");
    }
}
