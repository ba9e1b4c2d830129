package dev.memdir.web;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A form a page posted ({@code application/x-www-form-urlencoded}), read whole up to a limit: a body past it, or
 * of another type, is refused before it is parsed.
 */
final class FormBody {

    /** Fields a form may hold: the prune form lists a path per stale file. */
    static final int MOST_FIELDS = 20_000;

    private final Map<String, List<String>> fields;

    private FormBody(Map<String, List<String>> fields) {
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
        return Optional.ofNullable(request.getContentType()).orElse("").toLowerCase(java.util.Locale.ROOT)
                .startsWith("application/x-www-form-urlencoded");
    }

    /**
     * Reads the form {@code request} posts, up to {@code maxBytes}: from {@code read}, its body when the server read it
     * already (without a thread waiting on it), else from the request's stream.
     */
    static FormBody read(HttpServletRequest request, Optional<byte[]> read, long maxBytes) throws IOException,
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
        Map<String, List<String>> fields = new HashMap<>();
        int count = 0;
        for (String pair : new String(body, StandardCharsets.ISO_8859_1).split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            if (++count > MOST_FIELDS) {
                throw new Refused(413, "The form holds more than " + MOST_FIELDS + " fields.");
            }
            int equals = pair.indexOf('=');
            try {
                String name = decode(equals < 0 ? pair : pair.substring(0, equals));
                String value = equals < 0 ? "" : decode(pair.substring(equals + 1));
                fields.computeIfAbsent(name, key -> new ArrayList<>()).add(value);
            } catch (IllegalArgumentException malformed) {
                throw new Refused(400, "The form is not well encoded.");
            }
        }
        return new FormBody(fields);
    }

    private static String decode(String encoded) {
        return URLDecoder.decode(encoded, StandardCharsets.UTF_8);
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
