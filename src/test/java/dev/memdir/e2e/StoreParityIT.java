package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarMemory;
import dev.memdir.e2e.support.JarRun;
import dev.memdir.e2e.support.LegacySdkClient;
import io.modelcontextprotocol.client.McpSyncClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One scripted sequence of calls through the real jar, on a directory ({@code --root}), on a real PostgreSQL and in
 * a real S3 bucket ({@code --store}): the six tools, the index budget loop, resources, prompts, recall, and history,
 * restore and prune from the command line give the same answers, word for word, once the text that names where the
 * memory lives (the root, the namespace) and the times are normalised.
 */
class StoreParityIT {

    private static final String NAMESPACE = "parity";

    @TempDir
    Path temp;

    @Test
    void oneSequenceOfCalls_sameAnswersOnTheDirectoryOnPostgresqlAndInABucket() throws Exception {
        Path root = temp.resolve("memory");
        List<String> directory = answers(JarMemory.fresh("directory", temp));
        JarMemory bucket = JarMemory.fresh("s3", temp).inNamespace(NAMESPACE);
        List<String> database = answers(JarMemory.fresh("postgres", temp).inNamespace(NAMESPACE));
        List<String> objects = answers(bucket);

        List<String> expected = normalised(directory, root.toString());
        assertThat(normalised(database, "PostgreSQL namespace " + NAMESPACE)).containsExactlyElementsOf(expected);
        assertThat(normalised(objects, bucket.choice().get(1) + " namespace " + NAMESPACE))
                .containsExactlyElementsOf(expected);
        assertThat(String.join("\n", expected)).contains("File created successfully at: /memories/notes/a.md",
                "Over budget: the write succeeded", "Restored /memories/people.md to version 1",
                "Error: The path /memories/gone.md does not exist");
    }

    /** Returns {@code answers} with {@code location} written /memories, and no times or hashes. */
    private static List<String> normalised(List<String> answers, String location) {
        return answers.stream().map(answer -> answer.replace(location, "/memories"))
                .map(ScriptedSession::withoutTimesAndHashes).toList();
    }

    /** Runs the sequence on {@code memory}; returns every answer, each headed by its call. */
    private List<String> answers(JarMemory memory) throws Exception {
        String[] server = memory.after(ScriptedSession.options(temp).toArray(String[]::new));
        List<String> answers = new ArrayList<>();
        McpSyncClient client = LegacySdkClient.start(launcher(memory, server));
        try {
            answers.addAll(ScriptedSession.answers(LegacySdkClient.calls(client)));
        } finally {
            client.closeGracefully();
        }
        // The commands take the options that choose the memory, not the server's (--search-tool, --managed-dir).
        answers.add(command(memory, "history", "/memories/people.md"));
        answers.add(command(memory, "restore", "people.md", "--version", "1"));
        answers.add(command(memory, "history", "people.md"));
        answers.add(command(memory, "prune", "--older-than", "1"));
        client = LegacySdkClient.start(launcher(memory, server));
        try {
            answers.add(ScriptedSession.tool(LegacySdkClient.calls(client), "view",
                    Map.of("path", "/memories/people.md")));
        } finally {
            client.closeGracefully();
        }
        return answers;
    }

    private JarLauncher launcher(JarMemory memory, String... arguments) {
        return JarLauncher.plain(arguments).env(memory.env()).env("HOME", temp.resolve("empty").toString());
    }

    private String command(JarMemory memory, String... command) throws Exception {
        JarRun run = JarRun.of(temp, launcher(memory, memory.after(command)));
        return String.join(" ", command) + " -> " + run.exit() + "\n" + run.stdout() + run.stderr();
    }
}
