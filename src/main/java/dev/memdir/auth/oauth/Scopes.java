package dev.memdir.auth.oauth;

import com.nimbusds.jwt.JWTClaimsSet;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The scopes an access token grants, from {@code scope} (RFC 9068: space-separated) or {@code scp} (a string or a
 * list, as some identity providers write it). {@code memdir:write} includes {@code memdir:read}: the MCP spec asks
 * servers to honour such hierarchies, and a token that may write but not read is of no use to anyone.
 */
record Scopes(Set<String> granted) {

    static final String READ = "memdir:read";
    static final String WRITE = "memdir:write";

    /** What the protected resource metadata lists, in this order. */
    static final List<String> SUPPORTED = List.of(READ, WRITE);

    static Scopes of(JWTClaimsSet claims) {
        Set<String> granted = new HashSet<>();
        for (String claim : List.of("scope", "scp")) {
            Object value = claims.getClaim(claim);
            if (value instanceof String words) {
                granted.addAll(Arrays.asList(words.trim().split("\\s+")));
            } else if (value instanceof Collection<?> list) {
                list.stream().filter(String.class::isInstance).map(String.class::cast).forEach(granted::add);
            }
        }
        return new Scopes(Set.copyOf(granted));
    }

    boolean mayRead() {
        return granted.contains(READ) || mayWrite();
    }

    boolean mayWrite() {
        return granted.contains(WRITE);
    }
}
