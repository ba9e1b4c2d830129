package dev.memdir.http;

import java.io.PrintStream;

/**
 * One stderr line per request: HTTP method, path, MCP method, principal, status and milliseconds. Never a header's
 * value, a token or anything of a body but its JSON-RPC method name.
 */
final class AccessLog {

    private final PrintStream err;

    AccessLog(PrintStream err) {
        this.err = err;
    }

    void request(String httpMethod, String path, String mcpMethod, String principal, int status, long millis) {
        err.println("memdir: http " + httpMethod + " " + clean(path) + " " + clean(mcpMethod) + " principal="
                + clean(principal) + " " + status + " " + millis + "ms");
    }

    /** Keeps a line one line of printable ASCII, at most 80 characters a field. */
    static String clean(String value) {
        if (value == null || value.isEmpty()) {
            return "-";
        }
        String kept = value.replaceAll("[^\\x21-\\x7e]", "?");
        return kept.length() > 80 ? kept.substring(0, 80) + "..." : kept;
    }
}
