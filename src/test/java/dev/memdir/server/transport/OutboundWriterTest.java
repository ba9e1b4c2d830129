package dev.memdir.server.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class OutboundWriterTest {

    @Test
    void textWithoutUnpairedSurrogatesIsPlainUtf8EvenWithQuestionMarksAndPairs() {
        String json = "{\"text\":\"why? because \uD83D\uDE00 é ?\"}";

        assertThat(new String(OutboundWriter.utf8(json), StandardCharsets.UTF_8)).isEqualTo(json);
    }

    @Test
    void anUnpairedSurrogateIsEscapedWhereverQuestionMarksAre() {
        assertThat(new String(OutboundWriter.utf8("{\"id\":\"a\uD800b\"}"), StandardCharsets.UTF_8))
                .isEqualTo("{\"id\":\"a\\ud800b\"}");
        assertThat(new String(OutboundWriter.utf8("{\"id\":\"?\uDC00?\"}"), StandardCharsets.UTF_8))
                .isEqualTo("{\"id\":\"?\\udc00?\"}");
        assertThat(new String(OutboundWriter.utf8("{\"id\":\"\uD83D\uDE00?\uD83D\"}"), StandardCharsets.UTF_8))
                .isEqualTo("{\"id\":\"\uD83D\uDE00?\\ud83d\"}");
    }
}
