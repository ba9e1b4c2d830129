package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.memdir.server.feature.RequestFailure;
import java.util.List;
import org.junit.jupiter.api.Test;

class PercentDecodingTest {

    @Test
    void escapesAreDecoded() {
        assertThat(PercentDecoding.decode("memdir://memory/history/a%2Fb%20c", "a%2Fb%20c")).isEqualTo("a/b c");
    }

    @Test
    void aMalformedEscapeIsInvalidParams_withAClearMessage() {
        for (String value : List.of("%ZZ", "a%4", "%", "%g0", "ok%2")) {
            String uri = "memdir://memory/recall?q=" + value;
            RequestFailure error = catchThrowableOfType(RequestFailure.class, () -> PercentDecoding.decode(uri, value));

            assertThat(error.code()).as(value).isEqualTo(-32602);
            assertThat(error.getMessage()).as(value).isEqualTo("Invalid params: " + uri
                    + " is not percent-encoded correctly: every % must begin a %XX escape of two hexadecimal digits");
        }
    }
}
