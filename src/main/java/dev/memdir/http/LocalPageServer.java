package dev.memdir.http;

import dev.memdir.config.HttpAddress;
import dev.memdir.web.DeskSource;
import dev.memdir.web.WebLogin;
import dev.memdir.web.WebUi;
import java.time.Clock;
import java.util.Optional;
import java.util.OptionalLong;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * {@code memdir ui}'s server: the web page alone on 127.0.0.1, behind the front of {@code serve --http} on the same
 * Jetty set-up ({@link FrontServlet#pageAlone}): only a Host of the loopback's names is answered (a page of another
 * site that resolves its own name to 127.0.0.1 reaches nothing: DNS rebinding), a posted form is read with no thread
 * waiting for it, and a stop lets the requests in flight finish.
 */
public final class LocalPageServer implements AutoCloseable {

    /** The only address it listens on. */
    static final String HOST = "127.0.0.1";

    private final Server server;
    private final Drain drain;

    private LocalPageServer(Server server, Drain drain) {
        this.server = server;
        this.drain = drain;
    }

    /**
     * Starts serving the page on 127.0.0.1:{@code port} (0: any free port), each form posted to it at most
     * {@code maxBodyBytes}. One person uses it, so it counts neither refused logins nor requests.
     */
    public static LocalPageServer start(WebLogin login, DeskSource desks, long maxBodyBytes, int port)
            throws Exception {
        WebUi ui = new WebUi(login, desks, request -> OptionalLong.empty(), principal -> OptionalLong.empty(),
                maxBodyBytes, Clock.systemUTC());
        Drain drain = new Drain();
        Server server = HttpServe.jetty(new HttpAddress(HOST, port), Optional.empty(),
                FrontServlet.pageAlone(ui, RequestLimits.of(maxBodyBytes), drain));
        try {
            server.start();
        } catch (Exception e) {
            server.stop();
            throw e;
        }
        return new LocalPageServer(server, drain);
    }

    public int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    /** Refuses new requests, lets those in flight finish, then stops Jetty. */
    @Override
    public void close() throws Exception {
        drain.close();
        server.stop();
    }
}
