package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SessionIdsTest {

    @Test
    void sessionIdsAreDistinctVersion4Uuids() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String id = SessionIds.next();
            UUID uuid = UUID.fromString(id);
            assertThat(uuid.version()).as(id).isEqualTo(4);
            assertThat(uuid.variant()).as(id).isEqualTo(2);
            assertThat(uuid.toString()).isEqualTo(id);
            ids.add(id);
        }
        assertThat(ids).hasSize(1000);
    }
}
