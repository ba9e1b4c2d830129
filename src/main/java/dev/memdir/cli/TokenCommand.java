package dev.memdir.cli;

import dev.memdir.auth.IssuedToken;
import dev.memdir.auth.PrincipalNames;
import dev.memdir.auth.StoredToken;
import dev.memdir.auth.TokenSecrets;
import dev.memdir.auth.TokenStore;
import dev.memdir.config.ConfigException;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code memdir token create|list|revoke}: the bearer tokens of {@code memdir serve --http}, kept with the memory
 * they guard. A new token is printed once, on stdout alone; nothing prints a kept token's hash.
 */
final class TokenCommand {

    private static final Pattern LIFETIME = Pattern.compile("(\\d{1,6})([dh]?)");
    private static final long MOST_DAYS = 3650;
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm'Z'").withZone(ZoneOffset.UTC);
    private static final String NONE = "-";

    private TokenCommand() {}

    /** What {@code token create} was asked for, checked before any store is opened. */
    record Request(String user, String namespace, boolean readOnly, Optional<Duration> lifetime) {}

    /** Checks {@code create}'s options; {@code namespace} absent means the user's own. */
    static Request request(String user, Optional<String> namespace, boolean readOnly, Optional<String> expires)
            throws ConfigException {
        if (user == null) {
            throw new ConfigException("token create needs --user NAME: who the token acts for");
        }
        if (!PrincipalNames.isUser(user)) {
            throw new ConfigException("--user must be " + PrincipalNames.USER_RULE + ", not '" + user + "'");
        }
        String chosen = namespace.orElse(PrincipalNames.ownNamespace(user));
        if (!PrincipalNames.isNamespace(chosen)) {
            throw new ConfigException("--namespace must be " + PrincipalNames.NAMESPACE_RULE + ", not '" + chosen
                    + "'");
        }
        return new Request(user, chosen, readOnly, expires.isEmpty() ? Optional.empty()
                : Optional.of(lifetime(expires.get())));
    }

    /** Parses {@code --expires}: days ({@code 90d} or {@code 90}) or hours ({@code 12h}), up to ten years. */
    static Duration lifetime(String text) throws ConfigException {
        Matcher matcher = LIFETIME.matcher(text.trim());
        if (matcher.matches()) {
            long count = Long.parseLong(matcher.group(1));
            Duration lifetime = matcher.group(2).equals("h") ? Duration.ofHours(count) : Duration.ofDays(count);
            if (count > 0 && lifetime.compareTo(Duration.ofDays(MOST_DAYS)) <= 0) {
                return lifetime;
            }
        }
        throw new ConfigException("--expires takes a lifetime of 1h to " + MOST_DAYS + "d, as 90d or 12h, not '"
                + text + "'");
    }

    static int create(TokenStore store, Request request, PrintStream out, PrintStream err) throws IOException {
        IssuedToken issued = IssuedToken.issue(store, request.user(), request.namespace(), request.readOnly(),
                request.lifetime(), Instant.now());
        out.println(issued.token());
        StoredToken stored = issued.stored();
        err.println("Token " + stored.id() + " acts for " + stored.user() + " on namespace " + stored.namespace()
                + ", " + (stored.readOnly() ? "read-only" : "read-write") + ", "
                + stored.expires().map(time -> "expires " + TIME.format(time)).orElse("does not expire")
                + "; kept in " + store.location() + ".");
        err.println("This is the only time the token is shown: memdir keeps only its SHA-256. Store it now.");
        return 0;
    }

    static int list(TokenStore store, PrintStream out) throws IOException {
        List<StoredToken> tokens = store.list();
        if (tokens.isEmpty()) {
            out.println("No tokens in " + store.location());
            return 0;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"id", "user", "namespace", "read-only", "created", "expires", "revoked"});
        Instant now = Instant.now();
        for (StoredToken token : tokens) {
            rows.add(new String[] {token.id(), token.user(), token.namespace(), token.readOnly() ? "yes" : "no",
                    TIME.format(token.created()),
                    token.expires().map(time -> TIME.format(time) + (time.isAfter(now) ? "" : " (expired)"))
                            .orElse(NONE),
                    token.revoked().map(TIME::format).orElse(NONE)});
        }
        printTable(rows, out);
        return 0;
    }

    /** Revokes one token; an id no token has is a usage error and changes nothing. */
    static int revoke(TokenStore store, String id, PrintStream out, PrintStream err) throws IOException {
        // Microseconds, as PostgreSQL keeps them: the revocation time read back tells whether this run made it.
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        Optional<StoredToken> revoked = TokenSecrets.isId(id) ? store.revoke(id, now) : Optional.empty();
        if (revoked.isEmpty()) {
            err.println("memdir: no token has the id '" + id + "' in " + store.location()
                    + "; 'memdir token list' shows them");
            return MemdirCommand.USAGE;
        }
        StoredToken token = revoked.get();
        Instant when = token.revoked().orElseThrow();
        out.println((when.equals(now) ? "Revoked token " + token.id()
                : "Token " + token.id() + " was revoked already, at " + TIME.format(when))
                + " (" + token.user() + " on namespace " + token.namespace() + ")");
        return 0;
    }

    private static void printTable(List<String[]> rows, PrintStream out) {
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(i == row.length - 1 ? row[i] : String.format("%-" + widths[i] + "s  ", row[i]));
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
