package dev.memdir.instructions;

/** Thrown when a `paths:` pattern cannot be parsed; the pattern then matches nothing and is reported. */
final class InvalidGlobException extends Exception {

    private final String pattern;
    private final String reason;

    InvalidGlobException(String pattern, String reason) {
        super(reason + ": " + pattern);
        this.pattern = pattern;
        this.reason = reason;
    }

    /** Returns the pattern as the rule file wrote it. */
    String pattern() {
        return pattern;
    }

    /** Returns a short lowercase reason, such as {@code unclosed [}. */
    String reason() {
        return reason;
    }
}
