package dev.memdir.http;

import dev.memdir.auth.Authentication;
import dev.memdir.auth.Authenticator;
import dev.memdir.auth.Principal;
import jakarta.servlet.AsyncContext;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What each credential holds open beyond its requests: the streams it opened (a {@code subscriptions/listen}
 * stream, a 2025-11-25 GET stream or SSE answer) and the 2025-11-25 sessions it began. {@link #recheck} (about every
 * second) checks each credential that holds something again, once however much it holds, as a new request of it
 * would be: one no longer accepted (revoked, deleted, expired, a JWT past its {@code exp}, the local principal's
 * once a first token is made), or accepted as another principal, has all it holds ended. One that cannot be checked
 * now (the token store or the issuer's keys unreachable) keeps what it holds.
 */
final class CredentialHolds {

    private static final Logger LOG = LoggerFactory.getLogger(CredentialHolds.class);

    private final Authenticator authenticator;
    private final Map<Credential, Set<Hold>> held = new ConcurrentHashMap<>();

    CredentialHolds(Authenticator authenticator) {
        this.authenticator = authenticator;
    }

    /** The credentials of a request: its {@code Authorization} header (none for the local principal) and who for. */
    Credential credential(Optional<String> authorization, Principal principal) {
        return new Credential(authorization, principal);
    }

    /** Checks each credential that holds something again, and ends what those no longer accepted hold. */
    void recheck() {
        for (Credential credential : List.copyOf(held.keySet())) {
            Authentication now = authenticator.authenticate(credential.authorization);
            boolean stillAccepted = now instanceof Authentication.Accepted accepted
                    && accepted.principal().equals(credential.principal);
            boolean unknownNow = now instanceof Authentication.Refused refused && refused.status() == 503;
            if (stillAccepted || unknownNow) {
                continue;
            }
            Set<Hold> ending = held.remove(credential);
            if (ending != null) {
                LOG.info("The credentials of {} are no longer accepted: ending its {} open stream(s) and session(s)",
                        credential.principal.name(), ending.size());
                // Sessions first: a client that sees its stream end must find its session already gone.
                ending.stream().filter(hold -> !hold.stream).forEach(Hold::end);
                ending.stream().filter(hold -> hold.stream).forEach(Hold::end);
            }
        }
    }

    /** Returns how many credentials hold something. */
    int credentials() {
        return held.size();
    }

    /**
     * A request's credentials, equal to another request's when they send the same header and were accepted as the
     * same principal. Never printed: {@link #toString} names the principal only.
     */
    final class Credential {

        private final Optional<String> authorization;
        private final Principal principal;

        private Credential(Optional<String> authorization, Principal principal) {
            this.authorization = authorization;
            this.principal = principal;
        }

        /** Holds something open that {@code end} ends once the credential is no longer accepted. */
        Hold hold(Runnable end) {
            return hold(end, false);
        }

        private Hold hold(Runnable end, boolean stream) {
            Hold hold = new Hold(this, end, stream);
            // Added under the map's lock: a recheck that takes this credential's set takes it whole.
            held.compute(this, (key, holds) -> {
                Set<Hold> kept = holds == null ? ConcurrentHashMap.newKeySet() : holds;
                kept.add(hold);
                return kept;
            });
            return hold;
        }

        /** Holds {@code stream} open until it ends on its own (or the credential ends it). */
        void holdWhileOpen(AsyncContext stream) {
            Hold hold = hold(() -> complete(stream), true);
            stream.addListener(new AtStreamEnd(hold::release));
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Credential credential && authorization.equals(credential.authorization)
                    && principal.equals(credential.principal);
        }

        @Override
        public int hashCode() {
            return Objects.hash(authorization, principal);
        }

        @Override
        public String toString() {
            return "the credentials of " + principal.name();
        }
    }

    /** One thing a credential holds open. */
    final class Hold {

        private final Credential credential;
        private final Runnable end;
        private final boolean stream;

        private Hold(Credential credential, Runnable end, boolean stream) {
            this.credential = credential;
            this.end = end;
            this.stream = stream;
        }

        /** The thing ended on its own: the credential no longer holds it (again does nothing). */
        void release() {
            held.computeIfPresent(credential, (key, holds) -> {
                holds.remove(this);
                return holds.isEmpty() ? null : holds;
            });
        }

        private void end() {
            try {
                end.run();
            } catch (RuntimeException e) {
                LOG.warn("Ending a stream or session of {} failed: {}", credential.principal.name(), e.toString());
            }
        }
    }

    private static void complete(AsyncContext stream) {
        try {
            stream.complete();
        } catch (IllegalStateException endedMeanwhile) {
            // it ended on its own first
        }
    }
}
