package dev.memdir.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.context.ContextEvalSet;
import dev.memdir.context.ContextEvalSet.Prompt;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One server started with {@code --context-tool --recall MODE} on a new directory memory holding a set's files, each
 * prompt of the set sent to its tool {@code context} as Claude Code's prompt hook sends it, each in a session of its
 * own (so that none is held back as given already). In hybrid mode the recall template is asked first until every file
 * has its vector, so that every figure is of the prompt hook as it is once the models have loaded.
 */
record ContextEvalRun(Workspace workspace, Launches launches, ContextEvalSet set, String mode) {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A memory given: the line that heads it, {@code ## PATH: description} or {@code ## PATH (excerpt): ...}. */
    private static final Pattern GIVEN = Pattern.compile("^## (/memories/.+?)(?: \\(excerpt\\))?(?:: .*)?$",
            Pattern.MULTILINE);

    /** What one mode brought: for each prompt of the set, in order, the memories given and the call's time. */
    record Result(String set, String mode, List<List<String>> given, long[] nanos) {}

    Result run() throws IOException, InterruptedException {
        Progress.say("recall-eval --context: " + set.name() + ", " + mode + ": " + set.prompts().size() + " prompts");
        Path seed = workspace.directory("memories");
        TempTrees.copy(set.memories(), seed);
        Launch launch = launches.memdir(Launches.recommendedLine(), new DirectoryBenchStore(), seed, List.of())
                .withArgs(List.of("--context-tool", "--recall", mode));
        List<List<String>> given = new ArrayList<>();
        long[] nanos = new long[set.prompts().size()];
        try (McpPipe server = launch.start(workspace.log("context-" + set.name() + "-" + mode))) {
            server.open();
            if (mode.equals(RecallEvalRun.HYBRID)) {
                HybridWait.until(server, set.prompts().get(0).text(), System.nanoTime(), "recall-eval --context");
            }
            for (int i = 0; i < nanos.length; i++) {
                Prompt prompt = set.prompts().get(i);
                McpPipe.Answer answer = server.call("context", Map.of("event", "UserPromptSubmit",
                        "session", "eval-" + prompt.id(), "prompt", prompt.text()));
                given.add(given(answer));
                nanos[i] = answer.nanos();
            }
            server.closeAndWait();
        }
        return new Result(set.name(), mode, given, nanos);
    }

    /** The paths of the memories the hook output adds to the context, in order. */
    private static List<String> given(McpPipe.Answer answer) throws IOException {
        JsonNode output = JSON.readTree(answer.message().at("/result/content/0/text").asText());
        String added = output.at("/hookSpecificOutput/additionalContext").asText("");
        List<String> paths = new ArrayList<>();
        Matcher matcher = GIVEN.matcher(added);
        while (matcher.find()) {
            paths.add(matcher.group(1));
        }
        return paths;
    }
}
