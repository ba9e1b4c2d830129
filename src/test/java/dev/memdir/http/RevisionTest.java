package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RevisionTest {

    /** Returns the method of a body, as the front servlet reads it to route the request. */
    private static String body(String json) {
        return RequestHead.of(json.getBytes(StandardCharsets.UTF_8), new ParseLimits(1 << 20)).method();
    }

    @Test
    void initialize_isLegacy_evenWithA2026Meta() throws Exception {
        assertThat(Revision.of("POST", null, null, body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                + "\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}")))
                .isEqualTo(Revision.LEGACY);
    }

    @Test
    void initialize_namingASessionRevisionInTheHeader_isLegacy() throws Exception {
        assertThat(Revision.of("POST", null, "2025-11-25", body("{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"method\":\"initialize\"}"))).isEqualTo(Revision.LEGACY);
        assertThat(Revision.of("POST", null, "2025-06-18", body("{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"method\":\"initialize\"}"))).isEqualTo(Revision.LEGACY);
    }

    @Test
    void initialize_onThe2026Wire_isModern_whichHasNoSuchMethod() throws Exception {
        assertThat(Revision.of("POST", null, "2026-07-28", body("{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"method\":\"initialize\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":"
                + "\"2026-07-28\"}}}"))).isEqualTo(Revision.MODERN);
    }

    @Test
    void anyRequestNamingASession_isLegacy() throws Exception {
        assertThat(Revision.of("POST", "s-1", null, body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}")))
                .isEqualTo(Revision.LEGACY);
        assertThat(Revision.of("GET", null, null, null)).isEqualTo(Revision.LEGACY);
        assertThat(Revision.of("DELETE", "s-1", null, null)).isEqualTo(Revision.LEGACY);
    }

    @Test
    void sessionlessPosts_areModern_includingBadJson() throws Exception {
        assertThat(Revision.of("POST", null, null, body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\"}")))
                .isEqualTo(Revision.MODERN);
        assertThat(Revision.of("POST", null, null, body("[{\"method\":\"initialize\"}]"))).isEqualTo(Revision.MODERN);
        assertThat(Revision.of("POST", null, null, null)).isEqualTo(Revision.MODERN);
    }
}
