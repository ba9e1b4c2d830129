package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.McpCalls;
import dev.memdir.e2e.support.ModernSdkClient;
import io.modelcontextprotocol.client.McpSyncClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One scripted session ({@link ScriptedSession}, then the lists and completions) through the real jar twice, each on
 * a fresh memory: over 2025-11-25 with the SDK's client, and over 2026-07-28 with its modern client. Every answer is
 * the same text once the root and the times are normalised.
 */
class RevisionParityIT {

    @TempDir
    Path temp;

    @Test
    void oneSequenceOfCalls_sameAnswersOverBothRevisions() throws Exception {
        Path legacyRoot = temp.resolve("legacy/memory");
        Path modernRoot = temp.resolve("modern/memory");

        List<String> legacy;
        McpSyncClient client = LegacySdkClient.start(launcher(legacyRoot));
        try {
            legacy = answers(LegacySdkClient.calls(client));
        } finally {
            client.closeGracefully();
        }
        List<String> modern;
        try (ModernSdkClient modernClient = ModernSdkClient.start(launcher(modernRoot))) {
            modern = answers(modernClient);
        }

        List<String> expected = normalised(legacy, legacyRoot);
        assertThat(normalised(modern, modernRoot)).containsExactlyElementsOf(expected);
        assertThat(String.join("\n", expected)).contains("File created successfully at: /memories/notes/a.md",
                "Over budget: the write succeeded", "Error: The path /memories/gone.md does not exist",
                "\"uri\":\"memdir://memory/index\"", "\"name\":\"str_replace\"");
    }

    private JarLauncher launcher(Path root) throws Exception {
        List<String> arguments = new ArrayList<>(List.of("--root", root.toString()));
        arguments.addAll(ScriptedSession.options(temp));
        return JarLauncher.plain(arguments.toArray(String[]::new))
                .env("HOME", temp.resolve("empty").toString());
    }

    private static List<String> answers(McpCalls calls) {
        List<String> answers = new ArrayList<>(ScriptedSession.answers(calls));
        answers.add("tools -> " + calls.tools());
        answers.add("resources -> " + calls.resources());
        answers.add("templates -> " + calls.templates());
        answers.add("prompts -> " + calls.prompts());
        answers.add("complete history path k -> "
                + calls.completeResource("memdir://memory/history/{+path}", "path", "k"));
        answers.add("complete instructions path -> "
                + calls.completeResource("memdir://instructions/for/{+path}", "path", ""));
        answers.add("complete recall query b -> " + calls.completePrompt("recall", "query", "b"));
        return answers;
    }

    private static List<String> normalised(List<String> answers, Path root) {
        return answers.stream().map(answer -> answer.replace(root.toString(), "/memories"))
                .map(ScriptedSession::withoutTimesAndHashes).toList();
    }
}
