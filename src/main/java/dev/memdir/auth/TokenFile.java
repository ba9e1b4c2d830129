package dev.memdir.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The text of the directory store's token file: a comment, then one line per token of tab-separated fields (id,
 * SHA-256, user, namespace, {@code read-only} or {@code read-write}, created, expires or {@code -}, revoked or
 * {@code -}). Every field is a checked name, hex or a time, so none can hold a tab or a line break.
 */
final class TokenFile {

    private static final String HEADER = "# memdir bearer tokens, kept by 'memdir token': the SHA-256 of each token,"
            + " never a token\n";
    private static final String NONE = "-";
    private static final int FIELDS = 8;

    private TokenFile() {}

    static byte[] format(List<StoredToken> tokens) {
        StringBuilder text = new StringBuilder(HEADER);
        for (StoredToken token : tokens) {
            text.append(String.join("\t", token.id(), token.sha256(), token.user(), token.namespace(),
                    token.readOnly() ? "read-only" : "read-write", token.created().toString(),
                    token.expires().map(Instant::toString).orElse(NONE),
                    token.revoked().map(Instant::toString).orElse(NONE))).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Parses the file's bytes; {@code name} names the file in the error a damaged line gives. */
    static List<StoredToken> parse(byte[] content, String name) throws IOException {
        List<StoredToken> tokens = new ArrayList<>();
        String[] lines = new String(content, StandardCharsets.UTF_8).split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isEmpty() || lines[i].startsWith("#")) {
                continue;
            }
            try {
                tokens.add(token(lines[i].split("\t", -1)));
            } catch (IllegalArgumentException | DateTimeParseException e) {
                throw new IOException("line " + (i + 1) + " of " + name + " is damaged: " + e.getMessage());
            }
        }
        return tokens;
    }

    private static StoredToken token(String[] fields) {
        if (fields.length != FIELDS) {
            throw new IllegalArgumentException(fields.length + " fields, not " + FIELDS);
        }
        if (!TokenSecrets.isId(fields[0]) || !fields[1].matches("[0-9a-f]{64}")
                || !PrincipalNames.isUser(fields[2]) || !PrincipalNames.isNamespace(fields[3])
                || !fields[4].equals("read-only") && !fields[4].equals("read-write")) {
            throw new IllegalArgumentException("a field is not what it should be");
        }
        return new StoredToken(fields[0], fields[1], fields[2], fields[3], fields[4].equals("read-only"),
                Instant.parse(fields[5]), time(fields[6]), time(fields[7]));
    }

    private static Optional<Instant> time(String field) {
        return field.equals(NONE) ? Optional.empty() : Optional.of(Instant.parse(field));
    }
}
