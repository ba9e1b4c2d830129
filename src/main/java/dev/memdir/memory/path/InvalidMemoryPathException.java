package dev.memdir.memory.path;

/** Thrown when a virtual path is rejected before the disk is touched. */
public final class InvalidMemoryPathException extends Exception {

    /** Why a path was rejected; each kind has its own message. */
    public enum Kind {
        /** The path does not start with {@code /memories}. */
        OUTSIDE_PREFIX,
        /** The path tries to climb out of the root ({@code ..} or an encoded separator). */
        TRAVERSAL,
        /** The path is malformed in some other way; {@link #reason()} says how. */
        MALFORMED
    }

    private final String path;
    private final Kind kind;
    private final String reason;

    InvalidMemoryPathException(String path, Kind kind, String reason) {
        super(reason);
        this.path = path;
        this.kind = kind;
        this.reason = reason;
    }

    /** Returns the path exactly as the caller gave it. */
    public String path() {
        return path;
    }

    public Kind kind() {
        return kind;
    }

    /** Returns a short lowercase reason, for {@link Kind#MALFORMED}. */
    public String reason() {
        return reason;
    }
}
