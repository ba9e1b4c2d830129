package dev.memdir.server;

import dev.memdir.server.feature.RequestFailure;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/** The value of a template's variable, percent-decoded; a malformed escape is the client's error, -32602. */
final class PercentDecoding {

    private PercentDecoding() {}

    /** Returns {@code value}, a part of {@code uri}, decoded. */
    static String decode(String uri, String value) {
        try {
            return URLDecoder.decode(value, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            throw RequestFailure.invalidParams(message(uri));
        }
    }

    /** Returns the error text for a URI with a malformed percent-encoding. */
    static String message(String uri) {
        return "Invalid params: " + uri + " is not percent-encoded correctly: every % must begin a %XX escape of"
                + " two hexadecimal digits";
    }
}
