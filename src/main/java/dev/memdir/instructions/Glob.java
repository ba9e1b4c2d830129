package dev.memdir.instructions;

import java.util.regex.Pattern;

/**
 * A compiled `paths:` glob: {@code *} and {@code ?} never cross {@code /}, {@code **} does (and {@code **}{@code /}
 * also matches no directory), {@code [...]} classes (with {@code !}/{@code ^} negation and ranges), {@code \}
 * escapes; matched against a relative path with {@code /} separators, dot files included; {@code *.md} matches
 * top-level files only.
 */
final class Glob {

    private final String pattern;
    private final Pattern regex;

    private Glob(String pattern, Pattern regex) {
        this.pattern = pattern;
        this.regex = regex;
    }

    /** Returns the glob for {@code pattern}, whose braces must already be expanded. */
    static Glob compile(String pattern) throws InvalidGlobException {
        return new Glob(pattern, Pattern.compile(GlobTranslator.toRegex(pattern)));
    }

    /** Returns whether the whole of {@code relativePath} matches; the empty path matches nothing. */
    boolean matches(String relativePath) {
        return !relativePath.isEmpty() && regex.matcher(relativePath).matches();
    }

    /** Returns the pattern exactly as given to {@link #compile}. */
    String pattern() {
        return pattern;
    }

    @Override
    public String toString() {
        return pattern;
    }
}
