package dev.memdir.http;

import dev.memdir.text.Untrusted;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * One stderr line per request: HTTP method, path, MCP method, principal, status and milliseconds. Never a header's
 * value, a token or anything of a body but its JSON-RPC method name.
 */
final class AccessLog {

    /** Writes nowhere. */
    static final AccessLog NONE = new AccessLog(new PrintStream(OutputStream.nullOutputStream()));

    private final PrintStream err;

    AccessLog(PrintStream err) {
        this.err = err;
    }

    void request(String httpMethod, String path, String mcpMethod, String principal, int status, long millis) {
        err.println("memdir: http " + httpMethod + " " + clean(path) + " " + clean(mcpMethod) + " principal="
                + clean(principal) + " " + status + " " + millis + "ms");
    }

    /** Keeps a field one word of printable ASCII, cut short as {@link Untrusted} cuts; "-" when there is none. */
    static String clean(String value) {
        return value == null || value.isEmpty() ? "-" : Untrusted.printable(value).replace(' ', '?');
    }
}
