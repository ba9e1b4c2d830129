package dev.memdir.server.transport;

import java.io.IOException;
import java.io.OutputStream;
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
            out.write(json.getBytes(StandardCharsets.UTF_8));
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            broken = true;
            log.warn("The client closed its end of stdout; no more messages can be sent: {}", e.getMessage());
        }
    }
}
