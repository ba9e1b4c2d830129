package dev.memdir.http;

import dev.memdir.auth.Principal;
import dev.memdir.auth.oauth.IssuerUnusableException;
import dev.memdir.config.HttpAddress;
import dev.memdir.config.HttpSettings;
import dev.memdir.config.NamespaceMemory;
import dev.memdir.config.Settings;
import dev.memdir.json.SharedJson;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.server.ServedMemory;
import dev.memdir.server.SessionIds;
import dev.memdir.wiring.NamespaceStores;
import dev.memdir.wiring.StoreChoice;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * {@code memdir serve --http}: serves the configured store on {@code /mcp} until SIGTERM (or SIGINT), then stops
 * taking requests, finishes those in flight (up to {@link Drain#PATIENCE}) and returns.
 */
public final class HttpServe {

    /** How often the servers that went unused are closed. */
    static final Duration IDLE_SWEEP = Duration.ofMinutes(1);
    /**
     * How often the credentials that hold streams or sessions are checked again: with the token store read at most
     * {@link dev.memdir.auth.TokenAuthenticator#REMEMBERED_FOR} before, a revoke ends them within 2 s.
     */
    static final Duration RECHECK = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(HttpServe.class);
    private static final char[] KEY_STORE_PASSWORD = "memdir".toCharArray();

    private HttpServe() {}

    /**
     * Serves until stopped; returns why it did not start, or empty once stopped. Who a request acts for is
     * {@link AccessControl}'s choice: each authenticated principal is served its own namespace; a server open at start
     * (no tokens yet, which only a loopback address allows) serves the local principal the configured memory until a
     * first token is made.
     */
    public static Optional<HttpStartFailure> run(Settings settings, String version, PrintStream err)
            throws IOException, InterruptedException {
        HttpSettings http = settings.http();
        HttpAddress address = http.address().orElseThrow();
        InetAddress bound;
        try {
            bound = InetAddress.getByName(address.host());
        } catch (UnknownHostException e) {
            return Optional.of(new HttpStartFailure.UnknownHost(address.host()));
        }
        if (settings.oauth().isPresent() && settings.oauth().get().audience().isEmpty() && address.port() == 0) {
            return Optional.of(new HttpStartFailure.AudienceUnknown());
        }
        Optional<KeyStore> keys = Optional.empty();
        if (http.tls().isPresent()) {
            try {
                keys = Optional.of(PemKeyStore.load(http.tls().get().certificate(), http.tls().get().privateKey(),
                        KEY_STORE_PASSWORD));
            } catch (IOException e) {
                return Optional.of(new HttpStartFailure.TlsUnusable(e.getMessage()));
            }
        }
        URI serverUrl = URI.create((keys.isPresent() ? "https" : "http") + "://" + address.urlHost() + ":"
                + address.port() + NamespaceServer.ENDPOINT);
        String namespace = settings.store().map(NamespaceMemory::namespace).orElse(settings.root().toString());
        Principal local = new Principal("local", namespace, settings.readOnly());
        AccessControl access;
        try {
            access = AccessControl.of(settings, serverUrl, local);
        } catch (IssuerUnusableException e) {
            return Optional.of(new HttpStartFailure.IssuerUnusable(e.getMessage()));
        }
        try (AccessControl closedLast = access) {
            if (access.openAtStart() && !bound.isLoopbackAddress()) {
                return Optional.of(new HttpStartFailure.Unauthenticated(address.urlHost()));
            }
            return serve(settings, version, address, bound, keys, access, local, err);
        }
    }

    private static Optional<HttpStartFailure> serve(Settings settings, String version, HttpAddress address,
            InetAddress bound, Optional<KeyStore> keys, AccessControl access, Principal local, PrintStream err)
            throws IOException, InterruptedException {
        HttpSettings http = settings.http();
        RequestLimits limits = RequestLimits.of(http.maxRequestBytes());
        TrustedProxies trusted = new TrustedProxies(http.trustedProxies());
        NamespaceServers opened = access.openAtStart()
                ? new LocalThenPrincipals(local, single(settings, version, local, limits),
                        () -> perPrincipal(settings, version, limits))
                : perPrincipal(settings, version, limits);
        CredentialHolds holds = new CredentialHolds(access.authenticator());
        try (NamespaceServers servers = opened;
                Periodic idleSweep = new Periodic("memdir-idle-sweep", IDLE_SWEEP, servers::closeIdle);
                Periodic recheck = new Periodic("memdir-credentials-recheck", RECHECK, holds::recheck)) {
            Drain drain = new Drain();
            FrontServlet front = new FrontServlet(new HostAndOrigin(address.host(), bound.isLoopbackAddress(),
                    http.allowedOrigins()), access.authenticator(), new RateLimiter(http.rate()),
                    new RefusalsByClient(new RateLimiter(FrontServlet.REFUSALS_PER_SECOND), trusted), holds, limits,
                    servers, new AccessLog(err), drain, access.publicDocuments());
            Server server = jetty(address, keys, front, trusted::trusts);
            try {
                server.start();
            } catch (Exception e) {
                server.stop();
                return Optional.of(new HttpStartFailure.CannotListen(address.urlHost(), address.port(),
                        e.getMessage()));
            }
            int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
            err.println("memdir: serving " + (keys.isPresent() ? "https" : "http") + "://" + address.urlHost() + ":"
                    + port + NamespaceServer.ENDPOINT);
            CountDownLatch stopped = new CountDownLatch(1);
            Runnable stop = () -> stop(server, drain, servers, stopped);
            Signal.handle(new Signal("TERM"), signal -> new Thread(stop, "memdir-stop").start());
            Signal.handle(new Signal("INT"), signal -> new Thread(stop, "memdir-stop").start());
            stopped.await();
            return Optional.empty();
        } catch (Exception e) {
            if (e instanceof IOException io) {
                throw io;
            }
            if (e instanceof InterruptedException interrupted) {
                throw interrupted;
            }
            throw new IllegalStateException(e);
        }
    }

    /** The configured memory, served to the local principal. */
    private static NamespaceServers single(Settings settings, String version, Principal local,
            RequestLimits limits) throws IOException {
        String sessionId = SessionIds.of(settings);
        MemoryStore store = StoreChoice.open(settings, sessionId);
        return new SingleNamespace(local.namespace(), settings.readOnly(),
                server(ServedMemory.open(settings, version, store, sessionId), limits));
    }

    /**
     * A server per principal on its namespace, the principal's name the actor in its history, all on one set of
     * shared connections (on PostgreSQL); the configured memory answers for health.
     */
    private static NamespaceServers perPrincipal(Settings settings, String version, RequestLimits limits)
            throws IOException {
        NamespaceSettings.unnest(settings);
        NamespaceStores stores = StoreChoice.openShared(settings);
        MemoryStore health;
        try {
            health = stores.open(settings, "health");
        } catch (IOException | RuntimeException e) {
            stores.close();
            throw e;
        }
        Closeable shared = () -> {
            try (NamespaceStores closedLast = stores; MemoryStore closedFirst = health) {
                // both closed, the store before what it shares
            }
        };
        return new PrincipalNamespaces(principal -> {
            Settings own = NamespaceSettings.claimed(settings, principal);
            MemoryStore store = stores.open(own, principal.name());
            return server(ServedMemory.openForPrincipal(own, version, store, principal.name()), limits);
        }, () -> ServedMemory.answers(health), shared);
    }

    private static NamespaceServer server(ServedMemory memory, RequestLimits limits) throws IOException {
        try {
            return new NamespaceServer(memory, SharedJson.mcp(),
                    (int) Math.min(limits.maxRequestBytes(), Integer.MAX_VALUE - 8), limits.parse());
        } catch (RuntimeException e) {
            memory.close();
            throw e;
        }
    }

    /** Returns the Jetty server (not started) that hands every request on {@code address} to {@code front}. */
    static Server jetty(HttpAddress address, Optional<KeyStore> keys, FrontServlet front) {
        return jetty(address, keys, front, client -> false);
    }

    /**
     * The same, with the client addresses whose connections are not counted per address ({@code uncounted}: those of
     * trusted proxies, through which every client comes).
     */
    static Server jetty(HttpAddress address, Optional<KeyStore> keys, FrontServlet front,
            Predicate<InetAddress> uncounted) {
        Server server = new Server();
        HttpConfiguration config = new HttpConfiguration();
        config.setSendServerVersion(false);
        ServerConnector connector;
        if (keys.isPresent()) {
            SecureRequestCustomizer secure = new SecureRequestCustomizer();
            // A certificate for a name still serves a client that reached it by address (and the Host check holds).
            secure.setSniHostCheck(false);
            config.addCustomizer(secure);
            SslContextFactory.Server tls = new SslContextFactory.Server();
            tls.setKeyStore(keys.get());
            tls.setKeyStorePassword(new String(KEY_STORE_PASSWORD));
            connector = new ServerConnector(server, tls, new HttpConnectionFactory(config));
        } else {
            connector = new ServerConnector(server, new HttpConnectionFactory(config));
        }
        connector.setHost(address.host());
        connector.setPort(address.port());
        connector.addEventListener(new ConnectionsPerAddress(ConnectionsPerAddress.MOST, uncounted));
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        ServletHolder holder = new ServletHolder("memdir", front);
        holder.setAsyncSupported(true);
        context.addServlet(holder, "/*");
        server.setHandler(context);
        // Drain has let the requests in flight finish; idle keep-alive connections need no grace.
        server.setStopTimeout(0);
        return server;
    }

    /** Refuses new requests, lets those in flight finish, ends the streams, then stops Jetty and the store. */
    private static synchronized void stop(Server server, Drain drain, NamespaceServers servers,
            CountDownLatch stopped) {
        if (stopped.getCount() == 0) {
            return;
        }
        try {
            drain.close();
            servers.endStreams();
            server.stop();
        } catch (Exception e) {
            log.warn("The HTTP server did not stop cleanly: {}", e.getMessage());
        } finally {
            stopped.countDown();
        }
    }
}
