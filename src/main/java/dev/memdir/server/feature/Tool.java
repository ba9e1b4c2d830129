package dev.memdir.server.feature;

import java.util.Map;

/** A tool: what a client lists, and what a call of it does. */
public record Tool(Definition definition, Handler handler) {

    /** The tool as a client lists it; {@code inputSchema} is a JSON Schema as plain maps and lists. */
    public record Definition(String name, String title, String description, Map<String, Object> inputSchema,
            Hints hints) {}

    /** The behaviour hints a client may show; a null hint is left out (its default holds). */
    public record Hints(Boolean readOnly, Boolean destructive, Boolean idempotent, Boolean openWorld) {}

    /** Answers one call; a failure of the call itself is an error result, never a protocol error. */
    @FunctionalInterface
    public interface Handler {
        Result call(Client client, Map<String, Object> arguments);
    }

    /** What a call answers: one text (an error text when {@code isError}) or one image. */
    public sealed interface Result {

        record Text(String text, boolean isError) implements Result {}

        /** {@code data} is the image's bytes in base64. */
        record Image(String data, String mimeType) implements Result {}
    }
}
