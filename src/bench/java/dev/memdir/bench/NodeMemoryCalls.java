package dev.memdir.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A mixed load for the official Node memory server, on a graph that stays small: {@code create_entities} over
 * 100 names (a name that exists is skipped), {@code search_nodes} and {@code read_graph} in turn.
 */
final class NodeMemoryCalls implements MixedLoad {

    private static final List<String> TOOLS = List.of("create_entities", "search_nodes", "read_graph");
    private static final int NAMES = 100;

    /** Checks that the server has the tools this load calls. */
    @Override
    public void prepare(McpPipe server) throws IOException {
        List<String> listed = new ArrayList<>();
        server.request("tools/list", Map.of()).message().at("/result/tools")
                .forEach(tool -> listed.add(tool.path("name").asText()));
        if (!listed.containsAll(TOOLS)) {
            throw server.failure("tools/list has " + listed + ", not all of " + TOOLS);
        }
    }

    @Override
    public McpPipe.Answer call(McpPipe server, int i) throws IOException {
        String name = "entity-" + (i % NAMES);
        return switch (i % 3) {
            case 0 -> server.call("create_entities", Map.of("entities", List.of(Map.of(
                    "name", name, "entityType", "note", "observations", List.of("The build uses Maven.")))));
            case 1 -> server.call("search_nodes", Map.of("query", name));
            default -> server.call("read_graph", Map.of());
        };
    }
}
