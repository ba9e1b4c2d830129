package dev.memdir.http;

/** Why {@code memdir serve --http} did not start: what went wrong, for the command line to report in its words. */
public sealed interface HttpStartFailure {

    /** {@code --http} names a host that does not resolve. */
    record UnknownHost(String host) implements HttpStartFailure {}

    /** {@code --oauth-issuer} on port 0 without {@code --oauth-audience}: the server's URL is not known yet. */
    record AudienceUnknown() implements HttpStartFailure {}

    /** The TLS certificate or key cannot be used; {@code reason} says why. */
    record TlsUnusable(String reason) implements HttpStartFailure {}

    /** The OAuth issuer's metadata or keys cannot be used; {@code reason} says why. */
    record IssuerUnusable(String reason) implements HttpStartFailure {}

    /** No authentication while bound to {@code urlHost}, which is not a loopback address. */
    record Unauthenticated(String urlHost) implements HttpStartFailure {}

    /** Jetty cannot listen on {@code urlHost:port}; {@code reason} says why. */
    record CannotListen(String urlHost, int port, String reason) implements HttpStartFailure {}
}
