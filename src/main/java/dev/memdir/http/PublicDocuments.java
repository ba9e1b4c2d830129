package dev.memdir.http;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What is served to anyone, before credentials are looked at: the health check ({@code /healthz}, whether the store
 * answers) and JSON documents by path (the OAuth protected resource metadata).
 */
record PublicDocuments(NamespaceServers servers, Map<String, String> documents) implements FrontStep {

    static final String HEALTH = "/healthz";

    PublicDocuments {
        documents = Map.copyOf(documents);
    }

    /** Returns the paths served here. */
    Set<String> paths() {
        Set<String> paths = new HashSet<>(documents.keySet());
        paths.add(HEALTH);
        return paths;
    }

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        String path = exchange.request().getRequestURI();
        HttpServletResponse response = exchange.response();
        if (path.equals(HEALTH)) {
            Answers.health(response, servers.storeAnswers());
            return Outcome.ANSWERED;
        }
        if (!exchange.document) {
            return Outcome.GO_ON;
        }
        byte[] json = documents.get(path).getBytes(StandardCharsets.UTF_8);
        response.setStatus(200);
        response.setContentType("application/json");
        response.setContentLength(json.length);
        if (exchange.request().getMethod().equals("GET")) {
            response.getOutputStream().write(json);
        }
        return Outcome.ANSWERED;
    }
}
