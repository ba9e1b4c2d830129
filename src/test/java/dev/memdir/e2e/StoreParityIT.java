package dev.memdir.e2e;

import static dev.memdir.e2e.SdkClient.call;
import static dev.memdir.e2e.SdkClient.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.postgres.LocalPostgres;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One scripted sequence of calls through the real jar, once on a directory ({@code --root}) and once on a real
 * PostgreSQL ({@code --store}): the six tools, the index budget loop, resources, prompts, recall, and history and
 * restore from the command line give the same answers, word for word, once the text that names where the memory
 * lives (the root, the namespace) and the times are normalised.
 */
class StoreParityIT {

    private static final String INDEX = "/memories/MEMORY.md";
    private static final String NAMESPACE = "parity";

    @TempDir
    Path temp;

    /** The options of both servers and commands beside the one that chooses the store. */
    private List<String> common() throws Exception {
        Path empty = Files.createDirectories(temp.resolve("empty"));
        return List.of("--session-id", "s-1", "--index-max-lines", "10", "--index-max-bytes", "1000",
                "--search-tool", "--project", empty.toString(), "--claude-config-dir", empty.toString(),
                "--managed-dir", empty.toString());
    }

    @Test
    void oneSequenceOfCalls_sameAnswersOnTheDirectoryAndOnPostgresql() throws Exception {
        Path root = temp.resolve("memory");
        List<String> directory = answers(List.of("--root", root.toString()));
        List<String> database = answers(List.of("--store", LocalPostgres.shared().freshStoreUrl(),
                "--namespace", NAMESPACE));

        List<String> expected = directory.stream().map(answer -> answer.replace(root.toString(), "/memories"))
                .map(StoreParityIT::withoutTimesAndHashes).toList();
        List<String> actual = database.stream()
                .map(answer -> answer.replace("PostgreSQL namespace " + NAMESPACE, "/memories"))
                .map(StoreParityIT::withoutTimesAndHashes).toList();
        assertThat(actual).containsExactlyElementsOf(expected);
        assertThat(String.join("\n", expected)).contains("File created successfully at: /memories/notes/a.md",
                "Over budget: the write succeeded", "Restored /memories/people.md to version 1",
                "Error: The path /memories/gone.md does not exist");
    }

    /** Runs the sequence with {@code store} choosing the memory; returns every answer, each headed by its call. */
    private List<String> answers(List<String> store) throws Exception {
        List<String> arguments = new ArrayList<>(store);
        arguments.addAll(common());
        List<String> answers = new ArrayList<>();
        McpSyncClient client = SdkClient.start(launcher(arguments.toArray(String[]::new)));
        try {
            session(client, answers);
        } finally {
            client.closeGracefully();
        }
        answers.add(command(arguments, "history", "/memories/people.md"));
        answers.add(command(arguments, "restore", "people.md", "--version", "1"));
        answers.add(command(arguments, "history", "people.md"));
        answers.add(command(arguments, "prune", "--older-than", "1"));
        client = SdkClient.start(launcher(arguments.toArray(String[]::new)));
        try {
            answers.add(tool(client, "view", Map.of("path", "/memories/people.md")));
        } finally {
            client.closeGracefully();
        }
        return answers;
    }

    private JarLauncher launcher(String... arguments) {
        return JarLauncher.plain(arguments).env("MEMDIR_USER_HOME", temp.resolve("empty").toString());
    }

    private String command(List<String> options, String... command) throws Exception {
        List<String> arguments = new ArrayList<>(List.of(command));
        arguments.addAll(options);
        JarRun run = JarRun.of(temp, launcher(arguments.toArray(String[]::new)));
        return String.join(" ", command) + " -> " + run.exit() + "\n" + run.stdout() + run.stderr();
    }

    private static void session(McpSyncClient client, List<String> answers) {
        answers.add("instructions -> " + client.getServerInstructions());
        answers.add(tool(client, "view", Map.of("path", "/memories")));
        answers.add(tool(client, "create", Map.of("path", "/memories/notes/a.md", "file_text", "alpha\nbeta\n")));
        answers.add(tool(client, "create", Map.of("path", "/memories/notes/a.md", "file_text", "again")));
        answers.add(tool(client, "create", Map.of("path", "/memories/people.md", "file_text",
                "---\nname: people\ndescription: who runs what\n---\nAlice runs the backups\n")));
        answers.add(tool(client, "create", Map.of("path", "/memories/.hidden.md", "file_text", "h")));
        answers.add(tool(client, "create", Map.of("path", "/memories/node_modules/x.md", "file_text", "x")));
        answers.add(tool(client, "view", Map.of("path", "/memories")));
        answers.add(tool(client, "view", Map.of("path", "/memories/notes/a.md")));
        answers.add(tool(client, "view", Map.of("path", "/memories/notes/a.md", "view_range", List.of(2, 2))));
        answers.add(tool(client, "str_replace", Map.of("path", "/memories/people.md", "old_str", "Alice",
                "new_str", "Bob")));
        answers.add(tool(client, "str_replace", Map.of("path", "/memories/notes/a.md", "old_str", "gamma",
                "new_str", "delta")));
        answers.add(tool(client, "str_replace", Map.of("path", "/memories/notes/a.md", "old_str", "a",
                "new_str", "A")));
        answers.add(tool(client, "insert", Map.of("path", "/memories/notes/a.md", "insert_line", 1,
                "insert_text", "between\n")));
        answers.add(tool(client, "insert", Map.of("path", "/memories/notes/a.md", "insert_line", 99,
                "insert_text", "far\n")));
        answers.add(tool(client, "rename", Map.of("old_path", "/memories/notes/a.md",
                "new_path", "/memories/notes/b.md")));
        answers.add(tool(client, "rename", Map.of("old_path", "/memories/notes", "new_path", "/memories/kept")));
        answers.add(tool(client, "rename", Map.of("old_path", "/memories/people.md", "new_path", "/memories/kept")));
        answers.add(tool(client, "view", Map.of("path", "/memories")));
        answers.add(tool(client, "delete", Map.of("path", "/memories/node_modules")));
        answers.add(tool(client, "delete", Map.of("path", "/memories/gone.md")));
        answers.add(tool(client, "view", Map.of("path", "/memories/gone.md")));
        answers.add(tool(client, "view", Map.of("path", "/memories/../etc/passwd")));
        answers.add(tool(client, "search", Map.of("query", "who runs the backups")));
        indexBudgetLoop(client, answers);
        answers.add(resource(client, "memdir://memory/index"));
        answers.add(resource(client, "memdir://memory/status"));
        answers.add(resource(client, "memdir://memory/history/people.md"));
        answers.add(resource(client, "memdir://memory/recall?q=backups"));
        answers.add(prompt(client, "recall", Map.of("query", "backups")));
        answers.add(prompt(client, "project-instructions", Map.of()));
    }

    private static void indexBudgetLoop(McpSyncClient client, List<String> answers) {
        answers.add(tool(client, "create", Map.of("path", INDEX, "file_text", lines(3))));
        answers.add(tool(client, "insert", Map.of("path", INDEX, "insert_line", 3,
                "insert_text", lines(9).substring(lines(3).length()))));
        answers.add(tool(client, "str_replace", Map.of("path", INDEX, "old_str", "- topic 9.md\n",
                "new_str", "- topic 9.md\n- topic 10.md\n- topic 11.md\n")));
        answers.add(resource(client, "memdir://memory/index"));
        answers.add(tool(client, "delete", Map.of("path", INDEX)));
        answers.add(tool(client, "create", Map.of("path", INDEX, "file_text", lines(5))));
    }

    private static String lines(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> "- topic " + i + ".md").collect(Collectors.joining("\n"))
                + "\n";
    }

    private static String tool(McpSyncClient client, String name, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = call(client, name, arguments);
        return name + " " + arguments + " -> " + (Boolean.TRUE.equals(result.isError()) ? "error " : "") + text(result);
    }

    private static String resource(McpSyncClient client, String uri) {
        McpSchema.ReadResourceResult read = client.readResource(new McpSchema.ReadResourceRequest(uri));
        return uri + " -> " + ((McpSchema.TextResourceContents) read.contents().get(0)).text();
    }

    private static String prompt(McpSyncClient client, String name, Map<String, Object> arguments) {
        McpSchema.GetPromptResult prompt = client.getPrompt(new McpSchema.GetPromptRequest(name, arguments));
        return "prompt " + name + " -> " + prompt.messages().stream()
                .map(message -> ((McpSchema.TextContent) message.content()).text()).collect(Collectors.joining("\n"));
    }

    /**
     * Times differ from run to run (and so does the padding after them in the history listing), and with them the
     * hashes of files whose frontmatter was stamped with a time.
     */
    private static String withoutTimesAndHashes(String answer) {
        return answer.replaceAll("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z *", "<time> ")
                .replaceAll("\\b[0-9a-f]{64}\\b|(?<=  )[0-9a-f]{12}(?=  )", "<sha256>");
    }
}
