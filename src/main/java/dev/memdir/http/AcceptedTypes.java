package dev.memdir.http;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.List;

/**
 * 406 for a 2025-11-25 request whose {@code Accept} header leaves out a type its answer may come in: a POST must
 * name {@code application/json} and {@code text/event-stream}, a GET {@code text/event-stream}, as that revision asks
 * of clients. The SDK's transport checks the same, in the same way (the first {@code Accept} header holds each type
 * as written), but answers 400 with {@code -32601}, Method not found, which sends a client looking for the wrong
 * fault. A 2026-07-28 request and a DELETE are let on whatever they accept.
 */
enum AcceptedTypes implements FrontStep {

    /** Before any body is read: a GET. */
    WITHOUT_BODY,
    /** Once the body is read, whose method tells the revision: a POST. */
    WITH_BODY;

    private static final String JSON = "application/json";
    private static final String EVENTS = "text/event-stream";

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        HttpServletRequest request = exchange.request();
        boolean post = request.getMethod().equals("POST");
        if (post != (this == WITH_BODY) || exchange.revision() == Revision.MODERN) {
            return Outcome.GO_ON;
        }
        List<String> needed = switch (request.getMethod()) {
            case "POST" -> List.of(JSON, EVENTS);
            case "GET" -> List.of(EVENTS);
            default -> List.of();
        };
        String accept = request.getHeader("Accept");
        if (needed.stream().allMatch(type -> accept != null && accept.contains(type))) {
            return Outcome.GO_ON;
        }
        Answers.invalidRequest(exchange.response(), 406, exchange.mcpId, "a 2025-11-25 " + request.getMethod()
                + " needs the header Accept: " + String.join(", ", needed));
        return Outcome.ANSWERED;
    }
}
