package dev.memdir.recall;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The recall evaluation set, {@code src/bench/recall-eval}: memory files under {@code memories/} and the questions of
 * {@code questions.json}, each with the files that answer it. {@code scripts/recall-eval} asks them of the real jar;
 * {@code RecallEvalSetTest} holds the set's shape.
 */
public record RecallEvalSet(Path memories, List<Question> questions) {

    /** Where the set is, relative to the repository root. */
    public static final Path DIRECTORY = Path.of("src", "bench", "recall-eval");

    /** The language a question is written in. */
    public enum Language {
        @JsonProperty("en") EN,
        @JsonProperty("zh") ZH;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How a question relates to the text of the file that answers it. */
    public enum Kind {
        /** Shares words with the answer. */
        @JsonProperty("literal") LITERAL,
        /** The same meaning, mostly in other words. */
        @JsonProperty("paraphrase") PARAPHRASE,
        /** No content word shared with the answer's file. */
        @JsonProperty("different-words") DIFFERENT_WORDS,
        /** A question in one language whose answer is written in the other. */
        @JsonProperty("cross-language") CROSS_LANGUAGE,
        /** Of the chat logs: who did or said something. */
        @JsonProperty("who") WHO,
        /** Of the chat logs: what happened, or what something was. */
        @JsonProperty("what") WHAT,
        /** Of the chat logs: when something happened or is to happen. */
        @JsonProperty("when") WHEN,
        /** Of the chat logs: where. */
        @JsonProperty("where") WHERE;

        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** One question; {@code answers} are paths below {@code memories/}, any of which answers it. */
    public record Question(String id, Language language, Kind kind, String question, List<String> answers) {

        /** The answers as recall lists them: {@code /memories/...}. */
        public List<String> memoryPaths() {
            return answers.stream().map(answer -> "/memories/" + answer).toList();
        }
    }

    /** Reads the set at {@code directory} (its {@code questions.json}; the memory files are left where they are). */
    public static RecallEvalSet load(Path directory) throws IOException {
        List<Question> questions = new ObjectMapper().readValue(directory.resolve("questions.json").toFile(),
                new TypeReference<List<Question>>() {});
        return new RecallEvalSet(directory.resolve("memories"), List.copyOf(questions));
    }
}
