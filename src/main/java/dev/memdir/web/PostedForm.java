package dev.memdir.web;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.util.UrlEncoded;

/**
 * A form a page posted ({@code application/x-www-form-urlencoded}), decoded by Jetty within limits: a body past its
 * size, or of another type, is refused before it is decoded, and one of too many fields while it is.
 */
final class PostedForm {

    /** Fields a form may hold: the prune form lists a path per stale file. */
    static final int MOST_FIELDS = 20_000;

    private final Map<String, List<String>> fields;

    private PostedForm(Map<String, List<String>> fields) {
        this.fields = fields;
    }

    /** Why a body was refused, and the status that says so. */
    static final class Refused extends Exception {
        final int status;

        Refused(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /** Returns whether {@code request} sends a form, which {@link #read} reads rather than refuses for its type. */
    static boolean isForm(HttpServletRequest request) {
        return Optional.ofNullable(request.getContentType()).orElse("").toLowerCase(Locale.ROOT)
                .startsWith("application/x-www-form-urlencoded");
    }

    /**
     * Reads the form {@code request} posts, up to {@code maxBytes}: from {@code read}, its body when the server read it
     * already (without a thread waiting on it), else from the request's stream.
     */
    static PostedForm read(HttpServletRequest request, Optional<byte[]> read, long maxBytes) throws IOException,
            Refused {
        if (!isForm(request)) {
            throw new Refused(415, "A form is sent as application/x-www-form-urlencoded.");
        }
        if (request.getContentLengthLong() > maxBytes) {
            throw new Refused(413, tooLarge(maxBytes));
        }
        byte[] body;
        if (read.isPresent()) {
            body = read.get();
        } else {
            try (InputStream in = request.getInputStream()) {
                body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            }
        }
        if (body.length > maxBytes) {
            throw new Refused(413, tooLarge(maxBytes));
        }
        return decode(body);
    }

    /** Decodes {@code body}, whose size was checked already; Jetty counts its fields. */
    static PostedForm decode(byte[] body) throws Refused {
        Map<String, List<String>> fields = new HashMap<>();
        try {
            // From a string: Jetty's stream decoder turns escaped bytes that are not UTF-8 into U+FFFD, its string
            // decoder refuses them.
            UrlEncoded.decodeTo(new String(body, StandardCharsets.UTF_8),
                    (name, value) -> fields.computeIfAbsent(name, key -> new ArrayList<>()).add(value),
                    StandardCharsets.UTF_8, MOST_FIELDS);
        } catch (IllegalStateException tooMany) {
            throw new Refused(413, "The form holds more than " + MOST_FIELDS + " fields.");
        } catch (IllegalArgumentException malformed) {
            throw new Refused(400, "The form is not well encoded.");
        }
        return new PostedForm(fields);
    }

    private static String tooLarge(long maxBytes) {
        return "The form is larger than " + maxBytes + " bytes.";
    }

    Optional<String> first(String name) {
        List<String> values = fields.get(name);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    List<String> all(String name) {
        return fields.getOrDefault(name, List.of());
    }
}
