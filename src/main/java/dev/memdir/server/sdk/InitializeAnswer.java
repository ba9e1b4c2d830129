package dev.memdir.server.sdk;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * The answer to {@code initialize}, written by the transport as soon as the request is read, before the SDK's server
 * is built: the first answer then waits neither for that build (Reactor, every feature) nor for Jackson to learn
 * the answer's records. It is what the SDK's {@code McpAsyncServer} answers from the same capabilities, server info
 * and instructions (InitializeAnswerTest compares the two, and the transport compares them again when the SDK's own
 * answer comes). Capabilities with experimental or extension maps, or server info with icons, have no early answer.
 */
public final class InitializeAnswer {

    private final ServerCapabilities capabilities;
    private final McpSchema.Implementation serverInfo;
    private final String instructions;

    private InitializeAnswer(ServerCapabilities capabilities, McpSchema.Implementation serverInfo,
            String instructions) {
        this.capabilities = capabilities;
        this.serverInfo = serverInfo;
        this.instructions = instructions;
    }

    /** Returns the answer a server built with these would give, or empty when only the SDK can write it. */
    public static Optional<InitializeAnswer> of(ServerCapabilities capabilities, McpSchema.Implementation serverInfo,
            String instructions) {
        if (capabilities.experimental() != null || capabilities.extensions() != null || serverInfo.icons() != null) {
            return Optional.empty();
        }
        // McpAsyncServer offers logging whatever the builder was given.
        return Optional.of(new InitializeAnswer(capabilities.mutate().logging().build(), serverInfo, instructions));
    }

    /**
     * The whole response line to an initialize request with this id asking for {@code requested}: that version when
     * the transport speaks it, else the newest it speaks (the SDK's negotiation).
     */
    public String response(Object id, String requested, List<String> protocolVersions, JsonFactory factory) {
        String version = protocolVersions.contains(requested) ? requested
                : protocolVersions.get(protocolVersions.size() - 1);
        StringWriter text = new StringWriter();
        try (JsonGenerator json = factory.createGenerator(text)) {
            json.writeStartObject();
            json.writeStringField("jsonrpc", McpSchema.JSONRPC_VERSION);
            writeId(json, id);
            json.writeObjectFieldStart("result");
            json.writeStringField("protocolVersion", version);
            writeCapabilities(json);
            writeServerInfo(json);
            optionalString(json, "instructions", instructions);
            json.writeEndObject();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to a string cannot fail", e);
        }
        return text.toString();
    }

    private static void writeId(JsonGenerator json, Object id) throws IOException {
        json.writeFieldName("id");
        if (id instanceof String string) {
            json.writeString(string);
        } else {
            // The SDK takes only strings and integers that fit a long as ids.
            json.writeNumber(((Number) id).longValue());
        }
    }

    private void writeCapabilities(JsonGenerator json) throws IOException {
        json.writeObjectFieldStart("capabilities");
        if (capabilities.completions() != null) {
            json.writeObjectFieldStart("completions");
            json.writeEndObject();
        }
        json.writeObjectFieldStart("logging");
        json.writeEndObject();
        if (capabilities.prompts() != null) {
            json.writeObjectFieldStart("prompts");
            optionalBoolean(json, "listChanged", capabilities.prompts().listChanged());
            json.writeEndObject();
        }
        if (capabilities.resources() != null) {
            json.writeObjectFieldStart("resources");
            optionalBoolean(json, "subscribe", capabilities.resources().subscribe());
            optionalBoolean(json, "listChanged", capabilities.resources().listChanged());
            json.writeEndObject();
        }
        if (capabilities.tools() != null) {
            json.writeObjectFieldStart("tools");
            optionalBoolean(json, "listChanged", capabilities.tools().listChanged());
            json.writeEndObject();
        }
        json.writeEndObject();
    }

    private void writeServerInfo(JsonGenerator json) throws IOException {
        json.writeObjectFieldStart("serverInfo");
        optionalString(json, "name", serverInfo.name());
        optionalString(json, "title", serverInfo.title());
        optionalString(json, "version", serverInfo.version());
        optionalString(json, "description", serverInfo.description());
        optionalString(json, "websiteUrl", serverInfo.websiteUrl());
        json.writeEndObject();
    }

    private static void optionalString(JsonGenerator json, String name, String value) throws IOException {
        if (value != null) {
            json.writeStringField(name, value);
        }
    }

    private static void optionalBoolean(JsonGenerator json, String name, Boolean value) throws IOException {
        if (value != null) {
            json.writeBooleanField(name, value);
        }
    }
}
