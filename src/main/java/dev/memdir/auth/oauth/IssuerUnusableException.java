package dev.memdir.auth.oauth;

/** The issuer cannot be trusted or reached at start-up; the message is one line saying why. */
public final class IssuerUnusableException extends Exception {

    private static final long serialVersionUID = 1L;

    IssuerUnusableException(String message) {
        super(message);
    }
}
