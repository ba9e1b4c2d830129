package dev.memdir.http;

import java.io.IOException;

/**
 * Scans the body's JSON against the {@link ParseLimits} (400, a JSON-RPC Invalid Request, when it is over one) and
 * learns its method and id, for the revision, the log and the answers of the front.
 */
record JsonScan(ParseLimits limits) implements FrontStep {

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        RequestHead head = RequestHead.of(exchange.body, limits);
        exchange.mcpMethod = head.method();
        exchange.mcpId = head.id();
        if (head.overLimit() == null) {
            return Outcome.GO_ON;
        }
        Answers.invalidRequest(exchange.response(), 400, head.id(), head.overLimit());
        return Outcome.ANSWERED;
    }
}
