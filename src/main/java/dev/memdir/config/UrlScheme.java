package dev.memdir.config;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The scheme of a text that looks like a URL ({@code s3://bucket/x}, {@code jdbc:postgresql://host/db},
 * {@code https:x}). Where memdir takes a path, such a text is refused, never taken for a relative path: that would
 * make a directory named after the URL. One letter before the colon is a Windows drive ({@code C:\notes}), a path.
 */
public final class UrlScheme {

    /** The URLs memdir takes, as a message that refuses another names them. */
    public static final String TAKEN =
            "the URLs memdir takes are --store postgresql://... or s3://... and --oauth-issuer https://...";

    private static final Pattern SCHEME = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]+):.*", Pattern.DOTALL);

    private UrlScheme() {}

    /** Returns the scheme {@code text} begins with, as {@code jdbc}; empty when it is not a URL. */
    public static Optional<String> of(String text) {
        Matcher matcher = SCHEME.matcher(text.strip());
        return matcher.matches() ? Optional.of(matcher.group(1)) : Optional.empty();
    }
}
