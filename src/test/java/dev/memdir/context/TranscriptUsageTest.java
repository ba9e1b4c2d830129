package dev.memdir.context;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranscriptUsageTest {

    private static final String ANSWER = "{\"type\":\"assistant\",\"isSidechain\":%s,\"message\":{\"usage\":"
            + "{\"input_tokens\":%d,\"cache_creation_input_tokens\":10,\"cache_read_input_tokens\":20,"
            + "\"output_tokens\":5}}}\n";

    @TempDir
    Path temp;

    private Path claude;
    private TranscriptUsage usage;

    @BeforeEach
    void config() {
        claude = temp.resolve(".claude");
        usage = new TranscriptUsage(claude, new ObjectMapper());
    }

    @Test
    void theLastAnswerOfTheSessionTellsWhatItsContextHolds() throws Exception {
        Path transcript = transcript("a.jsonl", ANSWER.formatted(false, 1000) + ANSWER.formatted(false, 140_000)
                + ANSWER.formatted(true, 900_000) + "{\"type\":\"user\",\"message\":{\"content\":\"hi\"}}\n");

        assertThat(usage.tokens(transcript.toString())).hasValue(140_035);
    }

    @Test
    void afterASummaryNothingIsKnownUntilTheNextAnswer() throws Exception {
        Path transcript = transcript("a.jsonl", ANSWER.formatted(false, 150_000)
                + "{\"type\":\"system\",\"subtype\":\"compact_boundary\"}\n");

        assertThat(usage.tokens(transcript.toString())).isEmpty();
    }

    @Test
    void onlyTheTailOfAHugeTranscriptIsRead() throws Exception {
        String filler = "{\"type\":\"user\",\"message\":{\"content\":\"" + "x".repeat(1000) + "\"}}\n";
        Path transcript = transcript("a.jsonl", ANSWER.formatted(false, 777) + filler.repeat(2000)
                + ANSWER.formatted(false, 90_000));

        assertThat(usage.tokens(transcript.toString())).hasValue(90_035);
    }

    @Test
    void aFileOutsideClaudeCodesProjects_orNotATranscript_isNeverRead() throws Exception {
        Path outside = Files.writeString(temp.resolve("secret.jsonl"), ANSWER.formatted(false, 150_000));
        Path notJsonl = transcript("a.txt", ANSWER.formatted(false, 150_000));
        Path link = claude.resolve("projects/p/link.jsonl");
        Files.createSymbolicLink(link, outside);

        assertThat(usage.tokens(outside.toString())).isEmpty();
        assertThat(usage.tokens(notJsonl.toString())).isEmpty();
        assertThat(usage.tokens(link.toString())).as("a link out of the projects").isEmpty();
        assertThat(usage.tokens(claude.resolve("projects/p/../../../secret.jsonl").toString())).isEmpty();
        assertThat(usage.tokens("relative.jsonl")).isEmpty();
        assertThat(usage.tokens("/no\0where.jsonl")).isEmpty();
        assertThat(usage.tokens(claude.resolve("projects/p/missing.jsonl").toString())).isEmpty();
    }

    private Path transcript(String name, String text) throws Exception {
        Path file = claude.resolve("projects/p").resolve(name);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }
}
