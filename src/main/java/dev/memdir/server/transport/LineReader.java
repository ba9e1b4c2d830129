package dev.memdir.server.transport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** Splits a byte stream into lines on {@code \n} (dropping one {@code \r} before it), with a cap on line length. */
final class LineReader {

    /** A line that was longer than the cap: its bytes were skipped up to the next newline. */
    static final byte[] TOO_LONG = new byte[0];

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int limit;

    LineReader(InputStream in, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /** Returns the next line without its terminator, {@link #TOO_LONG}, or null at the end of the stream. */
    byte[] next() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean tooLong = false;
        boolean sawAny = false;
        while (true) {
            if (position == limit) {
                limit = in.read(buffer);
                position = 0;
                if (limit <= 0) {
                    limit = 0;
                    if (!sawAny) {
                        return null;
                    }
                    return finish(line, tooLong);
                }
            }
            sawAny = true;
            int start = position;
            while (position < limit && buffer[position] != '\n') {
                position++;
            }
            int length = position - start;
            // One byte of slack: a line's \r\n ending must not count against the cap.
            if (!tooLong && line.size() + length > maxLineBytes + 1L) {
                tooLong = true;
                line.reset();
            }
            if (!tooLong) {
                line.write(buffer, start, length);
            }
            if (position < limit) {
                position++;
                return finish(line, tooLong);
            }
        }
    }

    private byte[] finish(ByteArrayOutputStream line, boolean tooLong) {
        if (tooLong) {
            return TOO_LONG;
        }
        byte[] bytes = stripCarriageReturn(line.toByteArray());
        return bytes.length > maxLineBytes ? TOO_LONG : bytes;
    }

    private static byte[] stripCarriageReturn(byte[] line) {
        if (line.length > 0 && line[line.length - 1] == '\r') {
            byte[] trimmed = new byte[line.length - 1];
            System.arraycopy(line, 0, trimmed, 0, trimmed.length);
            return trimmed;
        }
        return line;
    }
}
