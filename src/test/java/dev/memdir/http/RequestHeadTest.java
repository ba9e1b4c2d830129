package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RequestHeadTest {

    private static final int FOUR_MIB = 4 * 1024 * 1024;
    private static final ParseLimits LIMITS = new ParseLimits(FOUR_MIB);

    private static RequestHead head(String json) {
        return RequestHead.of(json.getBytes(StandardCharsets.UTF_8), LIMITS);
    }

    @Test
    void methodAndId_areRead_paramsSkippedWhereverTheyStand() {
        RequestHead head = head("{\"params\":{\"a\":[1,{\"method\":\"inner\"}]},\"jsonrpc\":\"2.0\","
                + "\"method\":\"tools/call\",\"id\":\"x-1\"}");

        assertThat(head.method()).isEqualTo("tools/call");
        assertThat(head.id().toString()).isEqualTo("\"x-1\"");
        assertThat(head.overLimit()).isNull();
    }

    @Test
    void method_forTheLog() {
        assertThat(head("{\"method\":\"tools/call\"}").method()).isEqualTo("tools/call");
        assertThat(head("{\"method\":7}").method()).isNull();
        assertThat(head("{\"result\":{}}").method()).isNull();
        assertThat(head("[{\"method\":\"initialize\"}]").method()).isNull();
        assertThat(head("{\"method\":").method()).isNull();
        assertThat(head("not json").method()).isNull();
    }

    @Test
    void ids_asJsonRpcHasThem() {
        assertThat(head("{\"id\":7}").id().toString()).isEqualTo("7");
        assertThat(head("{\"id\":123456789012345678901234567890}").id().toString())
                .isEqualTo("123456789012345678901234567890");
        assertThat(head("{\"id\":null}").id().toString()).isEqualTo("null");
        assertThat(head("{\"id\":{\"a\":1}}").id()).isNull();
        assertThat(head("{\"id\":1.5}").id()).isNull();
        assertThat(head("{\"method\":\"ping\"}").id()).isNull();
    }

    @Test
    void aBodyOfEmptyArrays_isOverTheTokens_withTheIdThatCameFirst() {
        RequestHead head = head("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{\"x\":[[]"
                + ",[]".repeat(20_000) + "]}}");

        assertThat(head.overLimit()).isEqualTo("the request holds more than 10000 JSON tokens");
        assertThat(head.method()).isEqualTo("tools/list");
        assertThat(head.id().toString()).isEqualTo("3");
    }

    @Test
    void anIdAfterTheParamsOverALimit_isNotKnown() {
        RequestHead head = head("{\"params\":" + "[".repeat(65) + "]".repeat(65) + ",\"id\":3}");

        assertThat(head.overLimit()).isEqualTo("the request nests JSON deeper than 64 levels");
        assertThat(head.id()).isNull();
    }

    @Test
    void eachLimit_isNamed() {
        // The body's own object is the first level.
        assertThat(head("{\"params\":" + "[".repeat(63) + "]".repeat(63) + "}").overLimit()).isNull();
        assertThat(head("{\"params\":" + "{\"a\":".repeat(64) + "1" + "}".repeat(64) + "}").overLimit())
                .isEqualTo("the request nests JSON deeper than 64 levels");
        assertThat(head("{\"params\":{\"" + "n".repeat(1_024) + "\":1}}").overLimit()).isNull();
        assertThat(head("{\"params\":{\"" + "n".repeat(1_025) + "\":1}}").overLimit())
                .isEqualTo("the request holds a name longer than 1024 characters");
        assertThat(head("{\"params\":" + "9".repeat(100) + "}").overLimit()).isNull();
        assertThat(head("{\"params\":" + "9".repeat(101) + "}").overLimit())
                .isEqualTo("the request holds a number longer than 100 characters");
    }

    @Test
    void aCreateOfFourMebibytes_isWithinTheLimits() {
        String text = "0123456789abcde\n".repeat(FOUR_MIB / 16 - 1024);

        RequestHead head = head("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"create\","
                + "\"arguments\":{\"path\":\"/memories/big.md\",\"file_text\":\"" + text.replace("\n", "\\n")
                + "\"}}}");

        assertThat(head.overLimit()).isNull();
        assertThat(head.method()).isEqualTo("tools/call");
    }
}
