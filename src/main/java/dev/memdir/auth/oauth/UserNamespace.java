package dev.memdir.auth.oauth;

import dev.memdir.auth.PrincipalNames;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A user's own namespace, {@code user/<name>}. Identity providers name users with characters a namespace cannot
 * hold ({@code auth0|123}, {@code a@b.example}), so each character outside {@code A-Z a-z 0-9 -}, and each dot
 * that would begin the name or follow another dot, is written {@code _XX} per UTF-8 byte. Decoding is plain, so no
 * two names share a namespace, and no name reaches past {@code user/<one segment>}.
 */
final class UserNamespace {

    static final String PREFIX = "user/";

    private UserNamespace() {}

    /** Returns the namespace of the user {@code name}; empty when it would be too long for a namespace. */
    static Optional<String> of(String name) {
        StringBuilder namespace = new StringBuilder(PREFIX);
        char previous = '/';
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            boolean kept = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-'
                    || c == '.' && previous != '.' && previous != '/';
            if (kept) {
                namespace.append(c);
            } else {
                namespace.append('_').append(String.format("%02X", b & 0xff));
            }
            previous = kept ? c : '_';
        }
        String result = namespace.toString();
        return PrincipalNames.isNamespace(result) ? Optional.of(result) : Optional.empty();
    }
}
