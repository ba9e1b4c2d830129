package dev.memdir.cli;

import dev.memdir.http.HttpStartFailure;
import java.io.PrintStream;

/** What the command line says, and how it exits, when {@code memdir serve --http} does not start. */
final class HttpStartFailures {

    private HttpStartFailures() {}

    static ExitCode report(HttpStartFailure failure, PrintStream err) {
        if (failure instanceof HttpStartFailure.UnknownHost unknown) {
            err.println("memdir: --http names a host that does not resolve: " + unknown.host());
            return ExitCode.USAGE;
        }
        if (failure instanceof HttpStartFailure.AudienceUnknown) {
            err.println("memdir: --oauth-issuer with port 0 needs --oauth-audience: tokens must name this server's"
                    + " URL, which is not known before it listens");
            return ExitCode.USAGE;
        }
        if (failure instanceof HttpStartFailure.TlsUnusable tls) {
            err.println("memdir: cannot serve HTTPS: " + tls.reason());
            return ExitCode.USAGE;
        }
        if (failure instanceof HttpStartFailure.IssuerUnusable issuer) {
            err.println("memdir: " + issuer.reason());
            return ExitCode.FAILED;
        }
        if (failure instanceof HttpStartFailure.Unauthenticated open) {
            err.println("memdir: refusing to serve " + open.urlHost() + " without authentication: anyone who"
                    + " reaches it could read and change the memory; bind a loopback address (127.0.0.1), make a"
                    + " token first (memdir token create --user NAME) or give --oauth-issuer");
            return ExitCode.USAGE;
        }
        HttpStartFailure.CannotListen listen = (HttpStartFailure.CannotListen) failure;
        err.println("memdir: cannot listen on " + listen.urlHost() + ":" + listen.port() + ": " + listen.reason());
        return ExitCode.FAILED;
    }
}
