package dev.memdir.http;

import dev.memdir.http.CredentialHolds.Hold;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The 2025-11-25 sessions one principal's server began and has not seen end, each held by the credential that began
 * it, in the order of their last use; at most {@link #CAP}. Past the cap the least recently used session is ended
 * rather than the new one refused: a principal is never locked out by sessions its clients left behind without a
 * DELETE (which the server cannot tell from idle ones), an ended session's client gets 404 and begins another, as
 * the protocol has it, and a flood of {@code initialize} only ever ends the same principal's sessions.
 */
final class PrincipalSessions {

    /**
     * The most sessions a principal keeps open. A session is one client at work (an agent's process, a CI job), so a
     * principal (one user or token) with more than a hundred at once is one that forgets its sessions; each costs
     * the SDK's session state and what its {@code initialize} sent (at most {@code --max-request-bytes}).
     */
    static final int CAP = 100;

    private final int cap;
    private final Map<String, Hold> open = new LinkedHashMap<>(16, 0.75f, true);

    PrincipalSessions(int cap) {
        this.cap = cap;
    }

    /**
     * Records session {@code id}, begun now and held by {@code hold}; forgets (and releases) the least recently used
     * past the cap, and returns them: the caller ends them.
     */
    List<String> begun(String id, Hold hold) {
        List<Map.Entry<String, Hold>> over = new ArrayList<>();
        synchronized (this) {
            open.put(id, hold);
            for (Iterator<Map.Entry<String, Hold>> oldest = open.entrySet().iterator(); open.size() > cap; ) {
                Map.Entry<String, Hold> session = oldest.next();
                over.add(Map.entry(session.getKey(), session.getValue()));
                oldest.remove();
            }
        }
        over.forEach(session -> session.getValue().release());
        return over.stream().map(Map.Entry::getKey).toList();
    }

    /** A request of session {@code id} came: it is the most recently used. */
    synchronized void used(String id) {
        open.get(id);
    }

    /** Session {@code id} ended (or was found gone): it is forgotten, and no credential holds it any more. */
    void ended(String id) {
        Hold hold;
        synchronized (this) {
            hold = open.remove(id);
        }
        if (hold != null) {
            hold.release();
        }
    }

    /** Forgets every session: the server closes, which ends them. */
    void clear() {
        List<Hold> holds;
        synchronized (this) {
            holds = List.copyOf(open.values());
            open.clear();
        }
        holds.forEach(Hold::release);
    }

    /** Returns whether a session is open. */
    synchronized boolean any() {
        return !open.isEmpty();
    }
}
