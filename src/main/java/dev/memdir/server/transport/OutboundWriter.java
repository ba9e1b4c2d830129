package dev.memdir.server.transport;

import java.io.IOException;
import java.io.OutputStream;
import dev.memdir.text.Utf16;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writes one JSON message per line to the protocol stream; the only code that touches it. */
final class OutboundWriter {

    private static final Logger log = LoggerFactory.getLogger(OutboundWriter.class);

    private final OutputStream out;
    private boolean broken;

    OutboundWriter(OutputStream out) {
        this.out = out;
    }

    /** Writes {@code json} (serialised on one line, as Jackson does) and a newline, then flushes. */
    synchronized void writeLine(String json) {
        if (broken) {
            return;
        }
        try {
            out.write(utf8(json));
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            broken = true;
            log.warn("The client closed its end of stdout; no more messages can be sent: {}", e.getMessage());
        }
    }

    /**
     * Returns {@code json} as UTF-8 with any unpaired surrogate escaped. The encoder writes {@code ?} for an unpaired
     * surrogate, so when the bytes hold no more {@code ?} than the text, there was none, and the text need not be
     * scanned char by char (a tenth of the time of sending a large listing).
     */
    static byte[] utf8(String json) {
        byte[] encoded = json.getBytes(StandardCharsets.UTF_8);
        if (count(encoded) == count(json)) {
            return encoded;
        }
        return escapeUnpairedSurrogates(json).getBytes(StandardCharsets.UTF_8);
    }

    private static int count(byte[] bytes) {
        int questionMarks = 0;
        for (byte b : bytes) {
            if (b == '?') {
                questionMarks++;
            }
        }
        return questionMarks;
    }

    private static int count(String text) {
        int questionMarks = 0;
        for (int at = text.indexOf('?'); at >= 0; at = text.indexOf('?', at + 1)) {
            questionMarks++;
        }
        return questionMarks;
    }

    /**
     * Writes an unpaired surrogate (legal in a JSON string, but not encodable as UTF-8) as a {@code \\u} escape, so
     * that an id holding one comes back exactly as the client sent it instead of as {@code ?}.
     */
    static String escapeUnpairedSurrogates(String json) {
        int at = Utf16.unpairedSurrogate(json, 0);
        if (at < 0) {
            return json;
        }
        StringBuilder escaped = new StringBuilder(json.length() + 16);
        int copied = 0;
        for (; at >= 0; at = Utf16.unpairedSurrogate(json, at + 1)) {
            escaped.append(json, copied, at).append(String.format("\\u%04x", (int) json.charAt(at)));
            copied = at + 1;
        }
        return escaped.append(json, copied, json.length()).toString();
    }
}
