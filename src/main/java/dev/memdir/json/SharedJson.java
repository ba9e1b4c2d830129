package dev.memdir.json;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;

/**
 * The process's one JSON mapper, shared by memdir and the MCP SDK. Jackson learns each type once per mapper, and
 * that learning is a large part of start-up; one mapper also lets the server prepare, on another thread, what the
 * first requests need.
 */
public final class SharedJson {

    private SharedJson() {}

    private static final class Holder {
        static final ObjectMapper MAPPER = new ObjectMapper();
        static final McpJsonMapper MCP = new JacksonMcpJsonMapper(MAPPER);
    }

    public static ObjectMapper mapper() {
        return Holder.MAPPER;
    }

    /** The same mapper seen through the SDK's interface. */
    public static McpJsonMapper mcp() {
        return Holder.MCP;
    }
}
