package dev.memdir.server.feature;

/** A request memdir refuses or cannot answer: a JSON-RPC error, the same on either revision. */
public final class RequestFailure extends RuntimeException {

    private static final int INVALID_PARAMS = -32602;
    private static final int INTERNAL_ERROR = -32603;

    private final int code;

    private RequestFailure(int code, String message) {
        super(message);
        this.code = code;
    }

    /** The client's request is wrong (-32602). */
    public static RequestFailure invalidParams(String message) {
        return new RequestFailure(INVALID_PARAMS, message);
    }

    /** memdir could not answer (-32603). */
    public static RequestFailure internalError(String message) {
        return new RequestFailure(INTERNAL_ERROR, message);
    }

    /** Returns the JSON-RPC error code. */
    public int code() {
        return code;
    }
}
