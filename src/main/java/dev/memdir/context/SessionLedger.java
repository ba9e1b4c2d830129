package dev.memdir.context;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each session was given, so that a memory comes once per session: by the session id its client names. A client
 * names any id it likes, so the ledger keeps at most {@value #MOST_SESSIONS} sessions (the least recently heard of
 * goes first) and {@value #MOST_GIVEN} memories a session (the oldest go first), however many it is sent.
 */
final class SessionLedger {

    static final int MOST_SESSIONS = 256;
    static final int MOST_GIVEN = 512;
    static final int LONGEST_ID = 200;

    private final Map<String, Session> sessions = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Session> eldest) {
            return size() > MOST_SESSIONS;
        }
    };

    /** Whether {@code session} was given the memory at {@code path} as it is now ({@code sha256}). */
    synchronized boolean wasGiven(String session, String path, String sha256) {
        Given given = session(session).given.get(path);
        return given != null && given.sha256().equals(sha256);
    }

    synchronized void give(String session, Given memory) {
        Session known = session(session);
        known.given.remove(memory.path());
        known.given.put(memory.path(), memory);
    }

    /**
     * Notes that {@code session}'s context is about to be summarized: what it was given is kept for after the summary
     * and may be given afresh. Returns it, oldest first.
     */
    synchronized List<Given> compacting(String session) {
        Session known = session(session);
        if (!known.given.isEmpty()) {
            known.beforeSummary = new ArrayList<>(known.given.values());
            known.given.clear();
        }
        known.remindedAt = 0;
        return List.copyOf(known.beforeSummary);
    }

    /** Returns what {@code session} had been given before its context was summarized, oldest first, and forgets it. */
    synchronized List<Given> compacted(String session) {
        Session known = session(session);
        List<Given> before = known.beforeSummary.isEmpty() ? new ArrayList<>(known.given.values())
                : known.beforeSummary;
        known.beforeSummary = new ArrayList<>();
        known.given.clear();
        known.remindedAt = 0;
        return List.copyOf(before);
    }

    /**
     * Notes that {@code session}'s context holds {@code tokens}; returns whether it crossed a multiple of {@code every}
     * it had not crossed since the last summary.
     */
    synchronized boolean crossed(String session, long tokens, long every) {
        Session known = session(session);
        long level = every > 0 ? tokens / every : 0;
        if (level <= known.remindedAt) {
            return false;
        }
        known.remindedAt = level;
        return true;
    }

    private Session session(String id) {
        String key = id.length() > LONGEST_ID ? id.substring(0, LONGEST_ID) : id;
        return sessions.computeIfAbsent(key, ignored -> new Session());
    }

    private static final class Session {
        private final Map<String, Given> given = new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Given> eldest) {
                return size() > MOST_GIVEN;
            }
        };
        private List<Given> beforeSummary = new ArrayList<>();
        private long remindedAt;
    }
}
