package dev.memdir.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.memdir.json.SharedJson;

/**
 * What the JSON of a request body over HTTP may hold, checked token by token as it is read, so that no request builds
 * more than its limits allow: the front servlet's scan refuses a body over them before anything else parses it, and
 * the transports parse with the same limits. Generous for MCP (a string may be as long as a body may be), tight for
 * structure: the requests of the SDK clients in the end-to-end tests nest 4 levels deep and hold at most 40 tokens,
 * while 4 MiB of {@code [[],[],...]} holds 2.8 million, which the transport built into 525 MiB of allocations. A body
 * at {@link #MAX_TOKENS} allocates under 2 MiB in all (README, HTTP hygiene).
 */
final class ParseLimits {

    static final int MAX_DEPTH = 64;
    static final long MAX_TOKENS = 10_000;
    static final int MAX_NAME_CHARS = 1_024;
    static final int MAX_NUMBER_CHARS = 100;

    private final JsonFactory factory;

    /**
     * Limits for bodies of at most {@code maxRequestBytes}: a string may be as long as its body (past Jackson's
     * default of 20 million characters, for a larger --max-request-bytes).
     */
    ParseLimits(long maxRequestBytes) {
        StreamReadConstraints constraints = StreamReadConstraints.builder()
                .maxNestingDepth(MAX_DEPTH)
                .maxTokenCount(MAX_TOKENS)
                .maxNameLength(MAX_NAME_CHARS)
                .maxNumberLength(MAX_NUMBER_CHARS)
                .maxStringLength((int) Math.min(maxRequestBytes, Integer.MAX_VALUE))
                .build();
        this.factory = JsonFactory.builder().streamReadConstraints(constraints).build();
    }

    JsonFactory factory() {
        return factory;
    }

    /** Returns the process's mapper reading with these limits (what it learnt of types is shared). */
    ObjectReader reader() {
        return SharedJson.mapper().reader().with(factory);
    }

    /** Returns what a body over a limit is told: which limit it is over. */
    String overLimit(StreamConstraintsException e) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("getMaxNestingDepth")) {
            return "the request nests JSON deeper than " + MAX_DEPTH + " levels";
        }
        if (message.contains("getMaxTokenCount")) {
            return "the request holds more than " + MAX_TOKENS + " JSON tokens";
        }
        if (message.contains("getMaxNameLength")) {
            return "the request holds a name longer than " + MAX_NAME_CHARS + " characters";
        }
        // The scan skips strings unread, and no string is longer than its body: a number is all that is left.
        return "the request holds a number longer than " + MAX_NUMBER_CHARS + " characters";
    }
}
