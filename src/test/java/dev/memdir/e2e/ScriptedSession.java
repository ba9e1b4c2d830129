package dev.memdir.e2e;

import dev.memdir.e2e.support.McpCalls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * One scripted sequence of calls (the six tools and their failures, the index budget loop, resources, history,
 * recall, prompts) whose answers, each headed by its call, are compared between two runs: on two stores, or over
 * two revisions of MCP.
 */
final class ScriptedSession {

    private static final String INDEX = "/memories/MEMORY.md";

    private ScriptedSession() {}

    /** The server options beside the one that chooses the memory: a small index budget, nothing found outside. */
    static List<String> options(Path temp) throws Exception {
        Path empty = Files.createDirectories(temp.resolve("empty"));
        return List.of("--session-id", "s-1", "--index-max-lines", "10", "--index-max-bytes", "1000",
                "--search-tool", "--project", empty.toString(), "--claude-config-dir", empty.toString(),
                "--managed-dir", empty.toString());
    }

    /** Runs the sequence; returns every answer, each headed by its call. */
    static List<String> answers(McpCalls calls) {
        List<String> answers = new ArrayList<>();
        answers.add("instructions -> " + calls.instructions());
        answers.add(tool(calls, "view", Map.of("path", "/memories")));
        answers.add(tool(calls, "create", Map.of("path", "/memories/notes/a.md", "file_text", "alpha\nbeta\n")));
        answers.add(tool(calls, "create", Map.of("path", "/memories/notes/a.md", "file_text", "again")));
        answers.add(tool(calls, "create", Map.of("path", "/memories/people.md", "file_text",
                "---\nname: people\ndescription: who runs what\n---\nAlice runs the backups\n")));
        answers.add(tool(calls, "create", Map.of("path", "/memories/.hidden.md", "file_text", "h")));
        answers.add(tool(calls, "create", Map.of("path", "/memories/node_modules/x.md", "file_text", "x")));
        answers.add(tool(calls, "view", Map.of("path", "/memories")));
        answers.add(tool(calls, "view", Map.of("path", "/memories/notes/a.md")));
        answers.add(tool(calls, "view", Map.of("path", "/memories/notes/a.md", "view_range", List.of(2, 2))));
        answers.add(tool(calls, "str_replace", Map.of("path", "/memories/people.md", "old_str", "Alice",
                "new_str", "Bob")));
        answers.add(tool(calls, "str_replace", Map.of("path", "/memories/notes/a.md", "old_str", "gamma",
                "new_str", "delta")));
        answers.add(tool(calls, "str_replace", Map.of("path", "/memories/notes/a.md", "old_str", "a",
                "new_str", "A")));
        answers.add(tool(calls, "insert", Map.of("path", "/memories/notes/a.md", "insert_line", 1,
                "insert_text", "between\n")));
        answers.add(tool(calls, "insert", Map.of("path", "/memories/notes/a.md", "insert_line", 99,
                "insert_text", "far\n")));
        answers.add(tool(calls, "rename", Map.of("old_path", "/memories/notes/a.md",
                "new_path", "/memories/notes/b.md")));
        answers.add(tool(calls, "rename", Map.of("old_path", "/memories/notes", "new_path", "/memories/kept")));
        answers.add(tool(calls, "rename", Map.of("old_path", "/memories/people.md", "new_path", "/memories/kept")));
        answers.add(tool(calls, "view", Map.of("path", "/memories")));
        answers.add(tool(calls, "delete", Map.of("path", "/memories/node_modules")));
        answers.add(tool(calls, "delete", Map.of("path", "/memories/gone.md")));
        answers.add(tool(calls, "view", Map.of("path", "/memories/gone.md")));
        answers.add(tool(calls, "view", Map.of("path", "/memories/../etc/passwd")));
        answers.add(tool(calls, "search", Map.of("query", "who runs the backups")));
        indexBudgetLoop(calls, answers);
        answers.add(resource(calls, "memdir://memory/index"));
        answers.add(resource(calls, "memdir://memory/status"));
        answers.add(resource(calls, "memdir://memory/history/people.md"));
        answers.add(resource(calls, "memdir://memory/recall?q=backups"));
        answers.add("prompt recall -> " + calls.prompt("recall", Map.of("query", "backups")));
        answers.add("prompt project-instructions -> " + calls.prompt("project-instructions", Map.of()));
        return answers;
    }

    private static void indexBudgetLoop(McpCalls calls, List<String> answers) {
        answers.add(tool(calls, "create", Map.of("path", INDEX, "file_text", lines(3))));
        answers.add(tool(calls, "insert", Map.of("path", INDEX, "insert_line", 3,
                "insert_text", lines(9).substring(lines(3).length()))));
        answers.add(tool(calls, "str_replace", Map.of("path", INDEX, "old_str", "- topic 9.md\n",
                "new_str", "- topic 9.md\n- topic 10.md\n- topic 11.md\n")));
        answers.add(resource(calls, "memdir://memory/index"));
        answers.add(tool(calls, "delete", Map.of("path", INDEX)));
        answers.add(tool(calls, "create", Map.of("path", INDEX, "file_text", lines(5))));
    }

    private static String lines(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> "- topic " + i + ".md").collect(Collectors.joining("\n"))
                + "\n";
    }

    static String tool(McpCalls calls, String name, Map<String, Object> arguments) {
        McpCalls.ToolAnswer answer = calls.tool(name, arguments);
        return name + " " + arguments + " -> " + (answer.error() ? "error " : "") + answer.text();
    }

    static String resource(McpCalls calls, String uri) {
        return uri + " -> " + calls.read(uri);
    }

    /**
     * Times differ from run to run (and so does the padding after them in the history listing), and with them the
     * hashes of files whose frontmatter was stamped with a time.
     */
    static String withoutTimesAndHashes(String answer) {
        return answer.replaceAll("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z *", "<time> ")
                .replaceAll("\\b[0-9a-f]{64}\\b|(?<=  )[0-9a-f]{12}(?=  )", "<sha256>");
    }
}
