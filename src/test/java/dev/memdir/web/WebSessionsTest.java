package dev.memdir.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.auth.Principal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WebSessionsTest {

    private static final Principal ALICE = new Principal("alice", "user/alice", false);

    private final MovingClock clock = new MovingClock();
    private final WebSessions sessions = new WebSessions(clock);

    @Test
    void aSessionEndsAfterAnHourUnused() {
        WebSessions.Session session = sessions.begin(ALICE, Optional.empty());

        clock.pass(Duration.ofMinutes(59));
        boolean foundBefore = sessions.find(session.id).isPresent();
        clock.pass(Duration.ofMinutes(61));

        assertThat(foundBefore).isTrue();
        assertThat(sessions.find(session.id)).isEmpty();
    }

    @Test
    void aSessionInUseStillEndsTwelveHoursAfterItsLogin() {
        WebSessions.Session session = sessions.begin(ALICE, Optional.empty());

        for (int i = 0; i < 30; i++) {
            clock.pass(Duration.ofMinutes(29));
            if (sessions.find(session.id).isEmpty()) {
                break;
            }
        }

        assertThat(sessions.find(session.id)).isEmpty();
        assertThat(clock.passed()).isGreaterThan(WebSessions.LIFETIME).isLessThan(WebSessions.LIFETIME.plusHours(1));
    }

    @Test
    void loginsPastTheCapEndTheLeastRecentlyUsedSessions() {
        List<WebSessions.Session> begun = new ArrayList<>();
        for (int i = 0; i < WebSessions.MOST; i++) {
            begun.add(sessions.begin(ALICE, Optional.empty()));
            clock.pass(Duration.ofMillis(1));
        }
        sessions.find(begun.get(0).id);

        WebSessions.Session newest = sessions.begin(ALICE, Optional.empty());

        assertThat(sessions.find(newest.id)).isPresent();
        assertThat(sessions.find(begun.get(0).id)).as("used a moment ago").isPresent();
        assertThat(sessions.find(begun.get(1).id)).as("the least recently used").isEmpty();
    }

    @Test
    void aSessionsFormTokenIsItsOwn_andLoggingOutEndsIt() {
        WebSessions.Session one = sessions.begin(ALICE, Optional.empty());
        WebSessions.Session two = sessions.begin(ALICE, Optional.empty());

        assertThat(one.sentBack(one.csrf)).isTrue();
        assertThat(one.sentBack(two.csrf)).isFalse();
        assertThat(one.sentBack(null)).isFalse();
        assertThat(one.sentBack("")).isFalse();
        assertThat(one.id).hasSize(43).isNotEqualTo(two.id).isNotEqualTo(one.csrf);
        sessions.end(one);
        assertThat(sessions.find(one.id)).isEmpty();
        assertThat(sessions.find(null)).isEmpty();
    }

    private static final class MovingClock extends Clock {
        private final Instant start = Instant.parse("2026-12-02T10:00:00Z");
        private Instant now = start;

        void pass(Duration duration) {
            now = now.plus(duration);
        }

        Duration passed() {
            return Duration.between(start, now);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
