package dev.memdir.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code memdir://memory/recall?q=...} answered: the top-level {@code ranking} (empty when absent),
 * {@code withoutVectors} (-1 when absent, as under {@code --recall keywords}), the listed paths best first, and how
 * long the answer took.
 */
record RecallEvalReply(String ranking, int withoutVectors, List<String> paths, long nanos) {

    private static final ObjectMapper JSON = new ObjectMapper();

    static RecallEvalReply of(McpPipe.Answer answer) throws IOException {
        JsonNode body = JSON.readTree(answer.message().at("/result/contents/0/text").asText());
        List<String> paths = new ArrayList<>();
        body.path("matches").forEach(match -> paths.add(match.path("path").asText()));
        return new RecallEvalReply(body.path("ranking").asText(""), body.path("withoutVectors").asInt(-1),
                List.copyOf(paths), answer.nanos());
    }

    /** Whether the query's own vector ranked it and every file had its vector by then. */
    boolean hybridThroughout() {
        return ranking.equals("hybrid") && withoutVectors == 0;
    }

    /** The place of the first of {@code answers} among the paths, from 1; 0 when none is listed. */
    int rankOfFirst(List<String> answers) {
        for (int i = 0; i < paths.size(); i++) {
            if (answers.contains(paths.get(i))) {
                return i + 1;
            }
        }
        return 0;
    }

    String summary() {
        return "ranking " + (ranking.isEmpty() ? "(absent)" : ranking) + ", withoutVectors "
                + (withoutVectors < 0 ? "(absent)" : withoutVectors);
    }
}
