package dev.memdir.auth;

import java.util.Optional;

/** Decides who a request acts for from its {@code Authorization} header (absent when the request has none). */
@FunctionalInterface
public interface Authenticator {

    Authentication authenticate(Optional<String> authorization);
}
