package dev.memdir.memory;

import java.io.IOException;

/** A step against the store that may fail with an I/O error or a command error. */
@FunctionalInterface
interface StoreAction<T> {
    T run() throws IOException, CommandException;
}
