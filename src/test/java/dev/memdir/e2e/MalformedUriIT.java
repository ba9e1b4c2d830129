package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.e2e.support.LineSession;
import dev.memdir.e2e.support.ModernRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A resource URI of any template whose percent-encoding is malformed is the client's error on both revisions:
 * {@code -32602} with a message that says what is wrong, and nothing in the log (it was {@code -32603} with a stack
 * trace for the history and recall templates).
 */
class MalformedUriIT {

    private static final List<String> URIS = List.of("memdir://memory/history/%ZZ", "memdir://memory/history/a%4",
            "memdir://memory/recall?q=%ZZ", "memdir://memory/recall?q=plan%", "memdir://instructions/for/%ZZ",
            "memdir://instructions/for/src/%G1.java");

    @TempDir
    Path temp;

    @Test
    void aMalformedPercentEncodingIsInvalidParams_onBothRevisions() throws Exception {
        try (LineSession legacy = LineSession.startLegacy(temp)) {
            for (int i = 0; i < URIS.size(); i++) {
                ObjectNode read = LineSession.JSON.createObjectNode().put("jsonrpc", "2.0").put("id", i)
                        .put("method", "resources/read");
                read.putObject("params").put("uri", URIS.get(i));
                legacy.send(read.toString());
                assertInvalid(legacy.response(i), URIS.get(i));
            }
        }
        try (LineSession modern = LineSession.startIn(temp)) {
            for (int i = 0; i < URIS.size(); i++) {
                modern.send(ModernRequest.read(i, URIS.get(i)));
                assertInvalid(modern.response(i), URIS.get(i));
            }
        }
        assertThat(Files.readString(temp.resolve("stderr.log"))).doesNotContain("Exception", "\tat ");
    }

    private static void assertInvalid(JsonNode answer, String uri) {
        assertThat(answer.path("error").path("code").asInt()).as(answer.toString()).isEqualTo(-32602);
        assertThat(answer.path("error").path("message").asText()).isEqualTo("Invalid params: " + uri
                + " is not percent-encoded correctly: every % must begin a %XX escape of two hexadecimal digits");
    }
}
