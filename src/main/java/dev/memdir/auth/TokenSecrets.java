package dev.memdir.auth;

import dev.memdir.memory.store.Sha256;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * How bearer tokens look: {@code mdt_} and 32 random bytes in URL-safe base64 (so a leaked one is recognisable in a
 * log or a secret scanner), ids of 6 random bytes in hex, and the SHA-256 that stores keep instead of the token.
 */
public final class TokenSecrets {

    /** The prefix every memdir token starts with. */
    public static final String PREFIX = "mdt_";
    private static final int SECRET_BYTES = 32;
    private static final Pattern TOKEN = Pattern.compile(Pattern.quote(PREFIX) + "[A-Za-z0-9_-]{43}");
    private static final Pattern ID = Pattern.compile("[0-9a-f]{12}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private TokenSecrets() {}

    /** Returns a new token: {@code mdt_} and 43 characters of URL-safe base64 (256 random bits). */
    public static String newToken() {
        byte[] secret = new byte[SECRET_BYTES];
        RANDOM.nextBytes(secret);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    }

    /** Returns a new token id. */
    public static String newId() {
        byte[] id = new byte[6];
        RANDOM.nextBytes(id);
        return HexFormat.of().formatHex(id);
    }

    /** Returns whether {@code text} has the form of a memdir token. */
    public static boolean isToken(String text) {
        return TOKEN.matcher(text).matches();
    }

    /** Returns whether {@code text} has the form of a token id. */
    public static boolean isId(String text) {
        return ID.matcher(text).matches();
    }

    /** Returns the SHA-256 of a token as stores keep it: 64 lowercase hex digits. */
    public static String sha256(String token) {
        return Sha256.hex(token.getBytes(StandardCharsets.US_ASCII));
    }
}
