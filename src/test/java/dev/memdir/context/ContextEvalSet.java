package dev.memdir.context;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.recall.RecallEvalSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An evaluation set of what a prompt brings ({@code scripts/recall-eval --context}): a memory, and prompts each with
 * the files that answer it, none for a prompt the memory has nothing for (it should bring nothing). Two sets of two
 * kinds: {@code personal}, the recall evaluation's memory of a person's life with its questions and the unrelated
 * prompts of {@code src/bench/context-eval/personal-unrelated.json}; {@code project}, an agent's memory of a codebase
 * with a developer's prompts, {@code src/bench/context-eval/project}.
 */
public record ContextEvalSet(String name, Path memories, List<Prompt> prompts) {

    public static final Path DIRECTORY = Path.of("src", "bench", "context-eval");

    /** One prompt; {@code answers} are paths below the memory's root, none when the memory has nothing for it. */
    public record Prompt(String id, String language, String text, List<String> answers) {

        public boolean unrelated() {
            return answers.isEmpty();
        }

        /** The answers as memdir names them: {@code /memories/...}. */
        public List<String> memoryPaths() {
            return answers.stream().map(answer -> "/memories/" + answer).toList();
        }
    }

    /** Both sets, read from the repository root. */
    public static List<ContextEvalSet> load() throws IOException {
        return List.of(personal(), project());
    }

    static ContextEvalSet personal() throws IOException {
        RecallEvalSet recall = RecallEvalSet.load(RecallEvalSet.DIRECTORY);
        List<Prompt> prompts = new ArrayList<>();
        recall.questions().forEach(question -> prompts.add(new Prompt(question.id(), question.language().label(),
                question.question(), question.answers())));
        prompts.addAll(read(DIRECTORY.resolve("personal-unrelated.json")));
        return new ContextEvalSet("personal", recall.memories(), List.copyOf(prompts));
    }

    static ContextEvalSet project() throws IOException {
        Path project = DIRECTORY.resolve("project");
        return new ContextEvalSet("project", project.resolve("memories"), read(project.resolve("prompts.json")));
    }

    private static List<Prompt> read(Path file) throws IOException {
        List<Prompt> prompts = new ObjectMapper().readValue(file.toFile(), new TypeReference<List<Prompt>>() {});
        return prompts.stream().map(prompt -> new Prompt(prompt.id(), prompt.language(), prompt.text(),
                prompt.answers() == null ? List.of() : List.copyOf(prompt.answers()))).toList();
    }
}
