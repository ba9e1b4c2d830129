package dev.memdir.http;

import java.io.IOException;
import java.util.Set;

/** Refuses 404 a path that is neither {@code /mcp} nor a document ({@code /healthz}, the OAuth metadata). */
record ServedPaths(Set<String> documents) implements FrontStep {

    /** {@code documents} are the paths served as documents, the health check's among them. */
    ServedPaths {
        documents = Set.copyOf(documents);
    }

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        String path = exchange.request().getRequestURI();
        exchange.document = documents.contains(path);
        if (exchange.document || path.equals(NamespaceServer.ENDPOINT)) {
            return Outcome.GO_ON;
        }
        exchange.refuse(404, "memdir serves MCP at " + NamespaceServer.ENDPOINT);
        return Outcome.ANSWERED;
    }
}
