package dev.memdir.web;

import dev.memdir.auth.Principal;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.nio.charset.StandardCharsets;

/**
 * The logged-in sessions of the web page, held in this process only: a session ends at its logout, after
 * {@link #IDLE} unused or {@link #LIFETIME} after its login, whichever comes first, and with the process. At most
 * {@link #MOST} are kept; a login past that ends the least recently used, so no visitor can fill the memory.
 */
final class WebSessions {

    static final Duration IDLE = Duration.ofHours(1);
    static final Duration LIFETIME = Duration.ofHours(12);
    static final int MOST = 1_000;

    private static final SecureRandom RANDOM = new SecureRandom();

    /** One session: who it is for, the token its forms send back, and what it logged in with (a bearer token). */
    static final class Session {
        final String id;
        final String csrf;
        final Principal principal;
        final Optional<String> token;
        final Instant begun;
        volatile Instant used;
        volatile String notice;

        private Session(String id, String csrf, Principal principal, Optional<String> token, Instant now) {
            this.id = id;
            this.csrf = csrf;
            this.principal = principal;
            this.token = token;
            this.begun = now;
            this.used = now;
        }

        /** Returns whether {@code sent} is this session's form token, compared in constant time. */
        boolean sentBack(String sent) {
            return sent != null && MessageDigest.isEqual(csrf.getBytes(StandardCharsets.UTF_8),
                    sent.getBytes(StandardCharsets.UTF_8));
        }

        /** Takes the notice to show once. */
        Optional<String> takeNotice() {
            String shown = notice;
            notice = null;
            return Optional.ofNullable(shown);
        }
    }

    private final ConcurrentMap<String, Session> sessions = new ConcurrentHashMap<>();
    private final Clock clock;

    WebSessions(Clock clock) {
        this.clock = clock;
    }

    Session begin(Principal principal, Optional<String> token) {
        Instant now = clock.instant();
        sessions.values().removeIf(session -> expired(session, now));
        while (sessions.size() >= MOST) {
            sessions.values().stream().min(Comparator.comparing(session -> session.used))
                    .ifPresent(oldest -> sessions.remove(oldest.id));
        }
        Session session = new Session(secret(), secret(), principal, token, now);
        sessions.put(session.id, session);
        return session;
    }

    /** Returns the live session {@code id} names, now used. */
    Optional<Session> find(String id) {
        if (id == null) {
            return Optional.empty();
        }
        Session session = sessions.get(id);
        Instant now = clock.instant();
        if (session == null || expired(session, now)) {
            if (session != null) {
                sessions.remove(id);
            }
            return Optional.empty();
        }
        session.used = now;
        return Optional.of(session);
    }

    void end(Session session) {
        sessions.remove(session.id);
    }

    private static boolean expired(Session session, Instant now) {
        return now.isAfter(session.used.plus(IDLE)) || now.isAfter(session.begun.plus(LIFETIME));
    }

    /** A random 256-bit value, URL-safe. */
    static String secret() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
