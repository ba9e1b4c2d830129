package dev.memdir.e2e.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a scripted session asks of memdir, whichever MCP revision carries it, with the answers as text, so that
 * sessions over either revision can be compared word for word.
 */
public interface McpCalls {

    /** The answer of a tool: its text, and whether it is an error result. */
    record ToolAnswer(boolean error, String text) {}

    /** The server instructions (the initialize result's, or server/discover's). */
    String instructions();

    ToolAnswer tool(String name, Map<String, Object> arguments);

    /** The text of the first contents of {@code uri}. */
    String read(String uri);

    /** The texts of the prompt's messages, a line apart. */
    String prompt(String name, Map<String, String> arguments);

    List<String> completeResource(String uriTemplate, String argument, String typed);

    List<String> completePrompt(String prompt, String argument, String typed);

    /** The listed tools as JSON the way the SDK's types write them, in the order listed (a fixed order). */
    String tools();

    /** The listed resources, templates and prompts likewise, sorted: only tools come in an order that holds. */
    String resources();

    String templates();

    String prompts();

    /** JSON of an SDK type, keys sorted, so that the types of both revisions can be compared as text. */
    static String json(Object value) {
        try {
            return LineSession.JSON.copy().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
                    .writeValueAsString(LineSession.JSON.convertValue(value, Object.class));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** JSON of a list of SDK types whose order means nothing, its elements sorted. */
    static String jsonInAnyOrder(List<?> values) {
        return values.stream().map(McpCalls::json).sorted().collect(Collectors.joining(",", "[", "]"));
    }
}
