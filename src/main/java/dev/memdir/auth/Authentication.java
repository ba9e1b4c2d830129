package dev.memdir.auth;

/** What checking a request's credentials decided. */
public sealed interface Authentication permits Authentication.Accepted, Authentication.Refused {

    /** The request acts for {@code principal}. */
    record Accepted(Principal principal) implements Authentication {}

    /**
     * The request is refused with HTTP {@code status} (401 or 403; 503 when the credentials cannot be checked now,
     * as when the token store is unreachable or an OAuth issuer's keys cannot be fetched), the
     * {@code WWW-Authenticate} header value to send (empty for none) and a one-line reason for the body; the reason
     * never repeats a credential.
     */
    record Refused(int status, String wwwAuthenticate, String reason) implements Authentication {}
}
