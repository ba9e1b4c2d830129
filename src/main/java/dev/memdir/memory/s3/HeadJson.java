package dev.memdir.memory.s3;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.memdir.json.SharedJson;
import java.io.IOException;

/** Heads and bases as JSON: written as they are, read back only when their format and namespace are this one's. */
final class HeadJson {

    private static final ObjectReader HEAD = SharedJson.mapper().readerFor(Head.class)
            .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final ObjectReader BASE = SharedJson.mapper().readerFor(Base.class)
            .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private HeadJson() {}

    static byte[] write(Object headOrBase) {
        try {
            return SharedJson.mapper().writeValueAsBytes(headOrBase);
        } catch (IOException e) {
            throw new IllegalStateException("a head is always JSON", e);
        }
    }

    /** Returns the head of commit {@code generation} of {@code namespace} stored as {@code json}. */
    static Head head(byte[] json, long generation, String namespace) throws IOException {
        Head head;
        try {
            head = HEAD.readValue(json);
        } catch (IOException e) {
            throw new IOException("commit " + generation + " is not a memdir head: " + e.getMessage(), e);
        }
        if (head.format() > Head.FORMAT) {
            throw new IOException("its head has format " + head.format() + "; this memdir reads format "
                    + Head.FORMAT);
        }
        if (!namespace.equals(head.namespace()) || head.generation() != generation) {
            throw new IOException("commit " + generation + " holds the head of namespace " + head.namespace()
                    + ", generation " + head.generation());
        }
        return head;
    }

    static Base base(byte[] json, String name) throws IOException {
        try {
            return BASE.readValue(json);
        } catch (IOException e) {
            throw new IOException("the base " + name + " is not a memdir manifest: " + e.getMessage(), e);
        }
    }
}
