package dev.memdir.web;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * {@code memdir ui}'s server: the web page alone, on 127.0.0.1, answering only requests whose Host names the loopback
 * (a page of another site that resolves its own name to 127.0.0.1 reaches nothing: DNS rebinding).
 */
public final class LocalWebServer implements AutoCloseable {

    private static final Set<String> LOOPBACK_NAMES = Set.of("127.0.0.1", "localhost", "[::1]");

    private final Server server;
    private final ServerConnector connector;

    private LocalWebServer(Server server, ServerConnector connector) {
        this.server = server;
        this.connector = connector;
    }

    /** Starts serving {@code ui} on 127.0.0.1:{@code port} (0: any free port). */
    public static LocalWebServer start(WebUi ui, int port) throws Exception {
        Server server = new Server();
        HttpConfiguration config = new HttpConfiguration();
        config.setSendServerVersion(false);
        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(config));
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.addServlet(new ServletHolder("memdir-ui", new Front(ui)), "/*");
        server.setHandler(context);
        server.setStopTimeout(0);
        try {
            server.start();
        } catch (Exception e) {
            server.stop();
            throw e;
        }
        return new LocalWebServer(server, connector);
    }

    public int port() {
        return connector.getLocalPort();
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }

    /** Host checked, then the page; anything but {@code /ui} is not here. */
    private static final class Front extends HttpServlet {
        private final transient WebUi ui;

        Front(WebUi ui) {
            this.ui = ui;
        }

        /** Every answer carries the page's headers (its policy, no sniffing, framing or caching), refusals too. */
        @Override
        protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
            Answer answer = new Answer(response);
            String host = request.getHeader("Host");
            if (host == null || !LOOPBACK_NAMES.contains(HostHeader.name(host))) {
                answer.error(403, "Refused", "The Host header does not name this server.");
                return;
            }
            if (!WebUi.serves(request.getRequestURI())) {
                answer.redirect(WebUi.PREFIX + "/");
                return;
            }
            ui.serve(request, response);
        }
    }
}
