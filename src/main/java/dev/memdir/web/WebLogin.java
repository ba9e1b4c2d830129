package dev.memdir.web;

import dev.memdir.auth.Principal;
import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * How a visitor proves who it is: on the local page by the one-time secret of the address {@code memdir ui} printed
 * (as notebook servers do), on a team server by its bearer token, which is checked again at every request so that
 * a revoked token ends its sessions at once.
 */
public final class WebLogin {

    private final AtomicReference<String> secret;
    private final Optional<Principal> local;
    private final Function<String, Optional<Principal>> tokens;

    private WebLogin(String secret, Optional<Principal> local, Function<String, Optional<Principal>> tokens) {
        this.secret = new AtomicReference<>(secret);
        this.local = local;
        this.tokens = tokens;
    }

    /** The local page: {@code secret} logs in once, as {@code local}. */
    public static WebLogin once(String secret, Principal local) {
        return new WebLogin(secret, Optional.of(local), token -> Optional.empty());
    }

    /** A team server: a token logs in as the principal {@code accept} finds for it (empty: refused). */
    public static WebLogin byToken(Function<String, Optional<Principal>> accept) {
        return new WebLogin(null, Optional.empty(), accept);
    }

    /** Returns whether visitors log in with a token, through the login form. */
    boolean byForm() {
        return local.isEmpty();
    }

    /** Trades the one-time secret for the local principal: the first to send it gets it, nobody after. */
    Optional<Principal> trade(String sent) {
        String expected = secret.get();
        if (expected == null || sent == null || !MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                sent.getBytes(StandardCharsets.UTF_8)) || !secret.compareAndSet(expected, null)) {
            return Optional.empty();
        }
        return local;
    }

    /** Returns the principal {@code token} is accepted for now. */
    Optional<Principal> accept(String token) {
        return token == null || token.isBlank() ? Optional.empty() : tokens.apply(token.trim());
    }

    /** Returns whether a session logged in as {@code principal} with {@code token} (if any) still stands. */
    boolean stillStands(Principal principal, Optional<String> token) {
        return token.isEmpty() || accept(token.get()).filter(principal::equals).isPresent();
    }
}
