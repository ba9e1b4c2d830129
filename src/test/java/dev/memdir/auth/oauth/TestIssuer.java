package dev.memdir.auth.oauth;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real authorization server's public face on loopback, served by the JDK's HTTP server: its metadata documents
 * and its key set, each at a path, every request counted. Documents can be replaced while it runs.
 */
public final class TestIssuer implements AutoCloseable {

    public static final String METADATA = "/.well-known/oauth-authorization-server";
    static final String OPENID = "/.well-known/openid-configuration";
    public static final String JWKS = "/jwks.json";

    private final HttpServer server;
    private final Map<String, String> documents = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();

    private TestIssuer(HttpServer server) {
        this.server = server;
        server.createContext("/", this::answer);
        server.start();
    }

    public static TestIssuer start() throws IOException {
        return new TestIssuer(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
    }

    /** Returns the issuer's own URL, as its metadata names it: {@code http://127.0.0.1:PORT}. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Serves RFC 8414 metadata naming this issuer and its key set, and the key set holding the public keys. */
    TestIssuer standard(JWK... keys) {
        publish(METADATA, metadata(url().toString(), url() + JWKS));
        publishKeys(keys);
        return this;
    }

    void publishKeys(JWK... keys) {
        publish(JWKS, new JWKSet(List.of(keys)).toString(true));
    }

    public void publish(String path, String document) {
        documents.put(path, document);
    }

    /** Returns how many requests asked for {@code path}. */
    int hits(String path) {
        return hits.getOrDefault(path, new AtomicInteger()).get();
    }

    public static String metadata(String issuer, String jwksUri) {
        return "{\"issuer\":\"" + issuer + "\",\"jwks_uri\":\"" + jwksUri + "\",\"authorization_endpoint\":\""
                + issuer + "/authorize\",\"token_endpoint\":\"" + issuer + "/token\","
                + "\"code_challenge_methods_supported\":[\"S256\"]}";
    }

    private void answer(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        hits.computeIfAbsent(path, any -> new AtomicInteger()).incrementAndGet();
        String document = documents.get(path);
        byte[] body = (document != null ? document : "{\"error\":\"not found\"}").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(document != null ? 200 : 404, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
