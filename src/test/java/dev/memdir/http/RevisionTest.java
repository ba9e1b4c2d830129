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
    void initialize_isSessions_evenWithA2026Meta() throws Exception {
        assertThat(Revision.of("POST", null, null, body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                + "\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}")))
                .isEqualTo(Revision.SESSIONS);
    }

    @Test
    void initialize_namingASessionRevisionInTheHeader_isSessions() throws Exception {
        assertThat(Revision.of("POST", null, "2025-11-25", body("{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"method\":\"initialize\"}"))).isEqualTo(Revision.SESSIONS);
        assertThat(Revision.of("POST", null, "2025-06-18", body("{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"method\":\"initialize\"}"))).isEqualTo(Revision.SESSIONS);
    }

    @Test
    void initialize_onThe2026Wire_isStateless_whichHasNoSuchMethod() throws Exception {
        assertThat(Revision.of("POST", null, "2026-07-28", body("{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"method\":\"initialize\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":"
                + "\"2026-07-28\"}}}"))).isEqualTo(Revision.STATELESS);
    }

    @Test
    void anyRequestNamingASession_isSessions() throws Exception {
        assertThat(Revision.of("POST", "s-1", null, body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}")))
                .isEqualTo(Revision.SESSIONS);
        assertThat(Revision.of("GET", null, null, null)).isEqualTo(Revision.SESSIONS);
        assertThat(Revision.of("DELETE", "s-1", null, null)).isEqualTo(Revision.SESSIONS);
    }

    @Test
    void sessionlessPosts_areStateless_includingBadJson() throws Exception {
        assertThat(Revision.of("POST", null, null, body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\"}")))
                .isEqualTo(Revision.STATELESS);
        assertThat(Revision.of("POST", null, null, body("[{\"method\":\"initialize\"}]"))).isEqualTo(Revision.STATELESS);
        assertThat(Revision.of("POST", null, null, null)).isEqualTo(Revision.STATELESS);
    }
}
