package dev.memdir.server;

import dev.memdir.server.feature.RequestFailure;
import dev.memdir.server.feature.Resource;
import java.io.IOException;

/** What resource and prompt handlers share: a text answer, and file reads whose failure is a clear MCP error. */
final class Reads {

    /** Work that reads files. */
    @FunctionalInterface
    interface IoWork<T> {
        T get() throws IOException;
    }

    private Reads() {}

    static Resource.Contents text(String uri, String mimeType, String text) {
        return new Resource.Contents(uri, mimeType, text);
    }

    /** Returns what {@code work} read; an I/O failure becomes an internal error naming {@code what}. */
    static <T> T io(String what, IoWork<T> work) {
        try {
            return work.get();
        } catch (IOException e) {
            throw RequestFailure.internalError("Cannot read " + what + ": " + e.getMessage());
        }
    }
}
