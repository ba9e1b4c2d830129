package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarRun;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.memory.postgres.LocalPostgres;
import io.modelcontextprotocol.client.McpSyncClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One scripted sequence of calls through the real jar, once on a directory ({@code --root}) and once on a real
 * PostgreSQL ({@code --store}): the six tools, the index budget loop, resources, prompts, recall, and history and
 * restore from the command line give the same answers, word for word, once the text that names where the memory
 * lives (the root, the namespace) and the times are normalised.
 */
class StoreParityIT {

    private static final String NAMESPACE = "parity";

    @TempDir
    Path temp;

    @Test
    void oneSequenceOfCalls_sameAnswersOnTheDirectoryAndOnPostgresql() throws Exception {
        Path root = temp.resolve("memory");
        List<String> directory = answers(List.of("--root", root.toString()));
        List<String> database = answers(List.of("--store", LocalPostgres.shared().freshStoreUrl(),
                "--namespace", NAMESPACE));

        List<String> expected = directory.stream().map(answer -> answer.replace(root.toString(), "/memories"))
                .map(ScriptedSession::withoutTimesAndHashes).toList();
        List<String> actual = database.stream()
                .map(answer -> answer.replace("PostgreSQL namespace " + NAMESPACE, "/memories"))
                .map(ScriptedSession::withoutTimesAndHashes).toList();
        assertThat(actual).containsExactlyElementsOf(expected);
        assertThat(String.join("\n", expected)).contains("File created successfully at: /memories/notes/a.md",
                "Over budget: the write succeeded", "Restored /memories/people.md to version 1",
                "Error: The path /memories/gone.md does not exist");
    }

    /** Runs the sequence with {@code store} choosing the memory; returns every answer, each headed by its call. */
    private List<String> answers(List<String> store) throws Exception {
        List<String> arguments = new ArrayList<>(store);
        arguments.addAll(ScriptedSession.options(temp));
        List<String> answers = new ArrayList<>();
        McpSyncClient client = LegacySdkClient.start(launcher(arguments.toArray(String[]::new)));
        try {
            answers.addAll(ScriptedSession.answers(LegacySdkClient.calls(client)));
        } finally {
            client.closeGracefully();
        }
        // The commands take the options that choose the memory, not the server's (--search-tool, --managed-dir).
        answers.add(command(store, "history", "/memories/people.md"));
        answers.add(command(store, "restore", "people.md", "--version", "1"));
        answers.add(command(store, "history", "people.md"));
        answers.add(command(store, "prune", "--older-than", "1"));
        client = LegacySdkClient.start(launcher(arguments.toArray(String[]::new)));
        try {
            answers.add(ScriptedSession.tool(LegacySdkClient.calls(client), "view",
                    Map.of("path", "/memories/people.md")));
        } finally {
            client.closeGracefully();
        }
        return answers;
    }

    private JarLauncher launcher(String... arguments) {
        return JarLauncher.plain(arguments).env("HOME", temp.resolve("empty").toString());
    }

    private String command(List<String> options, String... command) throws Exception {
        List<String> arguments = new ArrayList<>(List.of(command));
        arguments.addAll(options);
        JarRun run = JarRun.of(temp, launcher(arguments.toArray(String[]::new)));
        return String.join(" ", command) + " -> " + run.exit() + "\n" + run.stdout() + run.stderr();
    }
}
