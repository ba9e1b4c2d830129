package dev.memdir.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.OptionalInt;

/**
 * One read of {@code memdir://memory/recall?q=...}: the listing the server answered (its JSON: {@code ranking},
 * {@code withoutVectors}, {@code matches}) and how long the answer took.
 */
record RecallRead(JsonNode listing, long nanos) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Reads the recall resource for {@code query}; an answer that is not a JSON listing fails the bench. */
    static RecallRead of(McpPipe server, String query) throws IOException {
        String uri = "memdir://memory/recall?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8).replace("+", "%20");
        McpPipe.Answer answer = server.request("resources/read", Map.of("uri", uri));
        String text = answer.message().at("/result/contents/0/text").asText();
        try {
            JsonNode listing = JSON.readTree(text);
            if (!listing.path("matches").isArray()) {
                throw server.failure(uri + " answered a listing without matches: " + abbreviate(text));
            }
            return new RecallRead(listing, answer.nanos());
        } catch (IOException notJson) {
            throw server.failure(uri + " answered what is not JSON: " + abbreviate(text));
        }
    }

    /** The listing's top-level {@code ranking} ({@code hybrid} or {@code keywords}), empty when it has none. */
    String ranking() {
        return listing.path("ranking").asText("");
    }

    /** How many listed files have no vector yet; empty when the listing does not say (under keywords). */
    OptionalInt withoutVectors() {
        JsonNode count = listing.get("withoutVectors");
        return count == null ? OptionalInt.empty() : OptionalInt.of(count.asInt());
    }

    /** Whether the query's own vector ranked the files and every listed file had one. */
    boolean fullyHybrid() {
        return ranking().equals("hybrid") && withoutVectors().orElse(-1) == 0;
    }

    /** Whether {@code path} is among the matches. */
    boolean lists(String path) {
        for (JsonNode match : listing.get("matches")) {
            if (match.path("path").asText().equals(path)) {
                return true;
            }
        }
        return false;
    }

    /** The listing, cut short for a failure's message. */
    String abbreviated() {
        return abbreviate(listing.toString());
    }

    private static String abbreviate(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "...";
    }
}
