package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.json.SharedJson;
import dev.memdir.server.sdk.WireJson;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The transports' JSON mapper reads with the limits of request bodies. */
class WireJsonLimitsTest {

    private final WireJson json = new WireJson(SharedJson.mcp(), new ParseLimits(1 << 20).reader());

    @Test
    void itReads_withTheLimitsOfRequestBodies() throws Exception {
        assertThat(json.readValue("{\"a\":" + "[".repeat(63) + "]".repeat(63) + "}", Map.class)).containsKey("a");
        assertThatThrownBy(() -> json.readValue("{\"a\":[[]" + ",[]".repeat(20_000) + "]}", Map.class))
                .hasMessageContaining("Token count (10001) exceeds the maximum allowed (10000");
        assertThatThrownBy(() -> json.readValue(("{\"a\":" + "[".repeat(64) + "]".repeat(64) + "}").getBytes(
                StandardCharsets.UTF_8), Map.class)).hasMessageContaining("nesting depth (65)");
    }

    @Test
    void aStringAsLongAsTheLargestBody_isRead_pastJacksonsDefault() throws Exception {
        String text = "s".repeat(20_000_001);
        WireJson large = new WireJson(SharedJson.mcp(), new ParseLimits(32L << 20).reader());

        assertThat(large.readValue("{\"a\":\"" + text + "\"}", Map.class).get("a")).isEqualTo(text);
        assertThatThrownBy(() -> json.readValue("{\"a\":\"" + text + "\"}", Map.class))
                .hasMessageContaining("exceeds the maximum allowed (1048576, from"
                        + " `StreamReadConstraints.getMaxStringLength()`)");
    }
}
