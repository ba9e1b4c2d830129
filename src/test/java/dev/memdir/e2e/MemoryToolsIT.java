package dev.memdir.e2e;

import static dev.memdir.e2e.support.LegacySdkClient.call;
import static dev.memdir.e2e.support.LegacySdkClient.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LegacySdkClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The six tools through the real jar and the MCP Java SDK client. */
class MemoryToolsIT {

    @TempDir
    Path temp;

    private Path root;
    private McpSyncClient client;

    @BeforeEach
    void start() {
        root = temp.resolve("memory");
        client = LegacySdkClient.start(JarLauncher.plain("--root", root.toString()));
    }

    @AfterEach
    void stop() {
        client.closeGracefully();
    }

    @Test
    void initializeNamesTheServerAndSendsTheMemoryProtocol() {
        McpSchema.InitializeResult init = client.getCurrentInitializationResult();
        assertThat(init.serverInfo().name()).isEqualTo("memdir");
        assertThat(init.serverInfo().version()).isEqualTo(System.getProperty("memdir.version"));
        assertThat(init.instructions())
                .startsWith("IMPORTANT: ALWAYS VIEW YOUR MEMORY DIRECTORY BEFORE DOING ANYTHING ELSE.\n")
                .contains("1. Use the `view` tool to check for earlier progress.")
                .contains("ASSUME INTERRUPTION");
        assertThat(init.capabilities().tools()).isNotNull();
    }

    @Test
    void listsSixToolsWithTitlesSchemasAndAnnotations() {
        List<McpSchema.Tool> tools = client.listTools().tools();
        Map<String, McpSchema.Tool> byName = tools.stream().collect(Collectors.toMap(McpSchema.Tool::name, t -> t));
        assertThat(byName).containsOnlyKeys("view", "create", "str_replace", "insert", "delete", "rename");
        for (McpSchema.Tool tool : tools) {
            assertThat(tool.title()).as(tool.name()).isNotBlank();
            assertThat(tool.description()).as(tool.name()).hasSizeGreaterThan(40);
            assertThat(tool.inputSchema()).as(tool.name()).containsEntry("type", "object").containsKey("properties");
            assertThat(tool.annotations()).as(tool.name()).isNotNull();
        }
        assertThat(byName.get("view").annotations().readOnlyHint()).isTrue();
        assertThat(byName.get("delete").annotations().destructiveHint()).isTrue();
        assertThat(byName.get("rename").annotations().destructiveHint()).isTrue();
        assertThat(byName.get("create").annotations().destructiveHint()).isFalse();
        assertThat(byName.get("str_replace").inputSchema().get("required")).isEqualTo(List.of("path", "old_str"));
        assertThat(byName.get("rename").inputSchema().get("required")).isEqualTo(List.of("old_path", "new_path"));
    }

    @Test
    void everyToolWorksEndToEnd() throws Exception {
        assertThat(text(call(client, "view", Map.of("path", "/memories")))).isEqualTo(
                "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and"
                        + " node_modules:\n" + size(root) + "\t/memories");

        assertThat(text(call(client, "create", Map.of("path", "/memories/notes/todo.md",
                "file_text", "alpha\nbeta\ngamma\n")))).isEqualTo("File created successfully at: /memories/notes/todo.md");
        assertThat(Files.readString(root.resolve("notes/todo.md"))).isEqualTo("alpha\nbeta\ngamma\n");

        assertThat(text(call(client, "view", Map.of("path", "/memories/notes/todo.md")))).isEqualTo(
                "Here's the content of /memories/notes/todo.md with line numbers:\n"
                        + "     1\talpha\n     2\tbeta\n     3\tgamma\n     4\t");

        assertThat(text(call(client, "str_replace", Map.of("path", "/memories/notes/todo.md",
                "old_str", "beta", "new_str", "BETA")))).isEqualTo(
                "The memory file has been edited. Here is the snippet showing the change (with line numbers):\n"
                        + "     1\talpha\n     2\tBETA\n     3\tgamma\n     4\t");

        assertThat(text(call(client, "insert", Map.of("path", "/memories/notes/todo.md",
                "insert_line", 1, "insert_text", "inserted\n")))).isEqualTo(
                "The file /memories/notes/todo.md has been edited.");
        assertThat(Files.readString(root.resolve("notes/todo.md"))).isEqualTo("alpha\ninserted\nBETA\ngamma\n");

        assertThat(text(call(client, "view", Map.of("path", "/memories/notes/todo.md",
                "view_range", List.of(2, 3))))).isEqualTo(
                "Here's the content of /memories/notes/todo.md with line numbers:\n     2\tinserted\n     3\tBETA");

        assertThat(text(call(client, "rename", Map.of("old_path", "/memories/notes/todo.md",
                "new_path", "/memories/archive/2026/todo.md")))).isEqualTo(
                "Successfully renamed /memories/notes/todo.md to /memories/archive/2026/todo.md");
        assertThat(root.resolve("archive/2026/todo.md")).hasContent("alpha\ninserted\nBETA\ngamma\n");

        assertThat(text(call(client, "view", Map.of("path", "/memories/")))).isEqualTo(
                "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and"
                        + " node_modules:\n"
                        + size(root) + "\t/memories\n"
                        + size(root.resolve("archive")) + "\t/memories/archive/\n"
                        + size(root.resolve("archive/2026")) + "\t/memories/archive/2026/\n"
                        + size(root.resolve("notes")) + "\t/memories/notes/");

        assertThat(text(call(client, "delete", Map.of("path", "/memories/archive"))))
                .isEqualTo("Successfully deleted /memories/archive");
        assertThat(root.resolve("archive")).doesNotExist();
    }

    @Test
    void aLinkLeadingOutOfTheRootIsNeverTouched() throws Exception {
        Path outside = Files.createDirectories(temp.resolve("outside"));
        Files.writeString(outside.resolve("secret.md"), "secret\n");
        Files.createSymbolicLink(root.resolve("link"), outside);
        List<Map<String, Object>> calls = List.of(
                Map.of("tool", "view", "path", "/memories/link"),
                Map.of("tool", "create", "path", "/memories/link", "file_text", "x"),
                Map.of("tool", "str_replace", "path", "/memories/link", "old_str", "secret", "new_str", "x"),
                Map.of("tool", "insert", "path", "/memories/link", "insert_line", 0, "insert_text", "x"),
                Map.of("tool", "delete", "path", "/memories/link"),
                Map.of("tool", "rename", "old_path", "/memories/link", "new_path", "/memories/moved"),
                Map.of("tool", "delete", "path", "/memories/link/secret.md"));

        for (Map<String, Object> arguments : calls) {
            Map<String, Object> fields = new HashMap<>(arguments);
            McpSchema.CallToolResult result = call(client, (String) fields.remove("tool"), fields);
            assertThat(result.isError()).as(arguments.toString()).isTrue();
            assertThat(text(result)).as(arguments.toString())
                    .isEqualTo("Error: Path would escape /memories directory via symlink");
        }
        assertThat(Files.readSymbolicLink(root.resolve("link"))).isEqualTo(outside);
        assertThat(outside.resolve("secret.md")).hasContent("secret");
        assertThat(root.resolve("moved")).doesNotExist();
    }

    @Test
    void failuresAreErrorResultsWithExactTexts() {
        McpSchema.CallToolResult missing = call(client, "str_replace",
                Map.of("path", "/memories/none.md", "old_str", "x"));
        assertThat(missing.isError()).isTrue();
        assertThat(text(missing)).isEqualTo("Error: The path /memories/none.md does not exist. Please provide a valid path.");

        McpSchema.CallToolResult escape = call(client, "view", Map.of("path", "/memories/../../etc/passwd"));
        assertThat(escape.isError()).isTrue();
        assertThat(text(escape)).isEqualTo("Error: Path /memories/../../etc/passwd would escape /memories directory");

        McpSchema.CallToolResult root = call(client, "delete", Map.of("path", "/memories/"));
        assertThat(text(root)).isEqualTo("Error: Cannot delete the /memories directory itself");

        McpSchema.CallToolResult wrongType = call(client, "insert",
                Map.of("path", "/memories/a.md", "insert_line", "two", "insert_text", "x"));
        assertThat(wrongType.isError()).isTrue();
        assertThat(text(wrongType)).isEqualTo("Error: Parameter `insert_line` of command insert must be an integer");
    }

    @Test
    void unknownToolIsAnInvalidParamsErrorNamingIt() {
        assertThatThrownBy(() -> call(client, "format_disk", Map.of()))
                .isInstanceOf(McpError.class)
                .satisfies(e -> assertThat(((McpError) e).getJsonRpcError().code()).isEqualTo(-32602))
                .hasMessage("Unknown tool: format_disk");
        assertThat(text(call(client, "view", Map.of("path", "/memories")))).contains("/memories");
    }

    @Test
    void viewOfAPictureReturnsImageContent() throws Exception {
        byte[] png = Base64.getDecoder().decode(
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");
        Files.createDirectories(root.resolve("img"));
        Files.write(root.resolve("img/dot.png"), png);

        McpSchema.CallToolResult result = call(client, "view", Map.of("path", "/memories/img/dot.png"));

        assertThat(result.isError()).isFalse();
        McpSchema.ImageContent image = (McpSchema.ImageContent) result.content().get(0);
        assertThat(image.mimeType()).isEqualTo("image/png");
        assertThat(Base64.getDecoder().decode(image.data())).isEqualTo(png);
    }

    @Test
    void newFilesAreOwnerOnly() throws Exception {
        call(client, "create", Map.of("path", "/memories/private/secret.md", "file_text", "s"));
        assertThat(Files.getPosixFilePermissions(root.resolve("private/secret.md")))
                .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        assertThat(Files.getPosixFilePermissions(root.resolve("private")))
                .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        assertThat(new String(Files.readAllBytes(root.resolve("private/secret.md")), StandardCharsets.UTF_8))
                .isEqualTo("s");
    }

    private static String size(Path directory) throws Exception {
        long bytes = Files.size(directory);
        return bytes % 1024 == 0 ? (bytes / 1024) + "K" : bytes + "B";
    }
}
