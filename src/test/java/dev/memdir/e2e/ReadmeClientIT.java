package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.JarLauncher;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's plain SDK client example, as written there (only the paths point at this build and a temp dir). */
class ReadmeClientIT {

    @TempDir
    Path temp;

    @Test
    void readmeExampleCreatesAndViewsAFile() {
        String jar = JarLauncher.jar().toString();
        String root = temp.resolve("demo-memory").toString();
        String printed;

        var server = ServerParameters.builder("java").args("-jar", jar, "--root", root).build();
        try (McpSyncClient client = McpClient.sync(new StdioClientTransport(server, McpJsonDefaults.getMapper())).build()) {
            client.initialize();
            client.callTool(new McpSchema.CallToolRequest("create",
                    Map.of("path", "/memories/hello.md", "file_text", "Hello from Java\n")));
            McpSchema.CallToolResult view = client.callTool(new McpSchema.CallToolRequest("view",
                    Map.of("path", "/memories/hello.md")));
            printed = ((McpSchema.TextContent) view.content().get(0)).text();
        }

        assertThat(printed).isEqualTo("Here's the content of /memories/hello.md with line numbers:\n"
                + "     1\tHello from Java\n     2\t");
    }
}
