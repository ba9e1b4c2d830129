package dev.memdir.instructions;

import java.util.ArrayList;
import java.util.List;

/** Translates one glob, braces already expanded, into a {@link java.util.regex.Pattern} source. */
final class GlobTranslator {

    /** No wildcard stands for a {@code .} or {@code ..} segment, so a path that climbs out never matches {@code **}. */
    private static final String NOT_DOTS = "(?!\\.{1,2}(?:/|\\z))";
    private static final String SEGMENT = NOT_DOTS + "[^/]*";
    private static final String END_OF_SEGMENT = "(?=/|\\z)";
    private static final String ANY_SEGMENTS = SEGMENT + "(?:/" + SEGMENT + ")*";

    private final String pattern;
    private final int[] chars;
    private int pos;

    private GlobTranslator(String pattern, String body) {
        this.pattern = pattern;
        this.chars = body.codePoints().toArray();
    }

    /** Returns the regex for {@code pattern}, to be used with {@code Matcher.matches}. */
    static String toRegex(String pattern) throws InvalidGlobException {
        if (pattern.startsWith("!")) {
            throw new InvalidGlobException(pattern, "negation is not supported");
        }
        String body = pattern.endsWith("/") ? pattern + "**" : pattern;
        while (body.startsWith("./")) {
            body = body.substring(2);
        }
        if (body.isEmpty()) {
            throw new InvalidGlobException(pattern, "empty pattern");
        }
        return joinSegments(new GlobTranslator(pattern, body).segments());
    }

    /**
     * Joins segment regexes, where {@code null} is a globstar, which also stands for no segment at all.
     *
     * <p>Here and within a segment, every wildcard but the last commits (an atomic group) to the earliest place where
     * what follows it up to the next wildcard matches: that next wildcard can take up anything after it, so a later
     * place never does better, and the regex never backtracks through more than one wildcard of each kind.
     */
    private static String joinSegments(List<String> segments) {
        StringBuilder regex = new StringBuilder();
        int lastGlobstar = segments.lastIndexOf(null);
        boolean committing = false;
        for (int i = 0; i < segments.size(); i++) {
            String segment = segments.get(i);
            if (segment == null) {
                regex.append(committing ? END_OF_SEGMENT + ")" : "");
                committing = i != lastGlobstar;
                String repeat = committing ? "*?" : "*";
                regex.append(committing ? "(?>" : "").append(segments.size() == 1 ? ANY_SEGMENTS
                        : i == 0 ? "(?:" + SEGMENT + "/)" + repeat : "(?:/" + SEGMENT + ")" + repeat);
            } else {
                boolean afterLeadingGlobstar = i == 1 && segments.get(0) == null;
                regex.append(i > 0 && !afterLeadingGlobstar ? "/" : "").append(segment);
            }
        }
        return regex.toString();
    }

    /** Joins the pieces of one segment, where {@code null} is a run of {@code *}. */
    private static String joinPieces(List<String> pieces) {
        StringBuilder regex = new StringBuilder();
        int lastStar = pieces.lastIndexOf(null);
        boolean committing = false;
        for (int i = 0; i < pieces.size(); i++) {
            String piece = pieces.get(i);
            if (piece == null) {
                regex.append(committing ? ")" : "").append(i == 0 ? NOT_DOTS : "");
                committing = i != lastStar;
                regex.append(committing ? "(?>[^/]*?" : "[^/]*");
            } else {
                regex.append(piece);
            }
        }
        return regex.toString();
    }

    /** Returns each segment's regex, {@code null} for a globstar; consecutive globstars count as one. */
    private List<String> segments() throws InvalidGlobException {
        List<String> segments = new ArrayList<>();
        while (true) {
            String segment = segment();
            if (segment != null || segments.isEmpty() || segments.get(segments.size() - 1) != null) {
                segments.add(segment);
            }
            if (pos == chars.length) {
                return segments;
            }
            pos++; // the '/'
        }
    }

    /** Returns the regex of the segment at {@link #pos}, or {@code null} when it is exactly {@code **}. */
    private String segment() throws InvalidGlobException {
        int start = pos;
        List<String> pieces = new ArrayList<>();
        while (pos < chars.length && chars[pos] != '/') {
            int c = chars[pos++];
            if (c == '*') {
                if (pieces.isEmpty() || pieces.get(pieces.size() - 1) != null) {
                    pieces.add(null);
                }
                continue;
            }
            pieces.add(switch (c) {
                case '?' -> "[^/]";
                case '[' -> bracket();
                case '\\' -> literal(escaped("ends with an escape"));
                default -> literal(c);
            });
        }
        boolean globstar = pos - start == 2 && chars[start] == '*' && chars[start + 1] == '*';
        return globstar ? null : joinPieces(pieces);
    }

    /** Returns the regex of the class whose {@code [} was just read; it never matches {@code /}. */
    private String bracket() throws InvalidGlobException {
        boolean negated = pos < chars.length && (chars[pos] == '!' || chars[pos] == '^');
        if (negated) {
            pos++;
        }
        StringBuilder members = new StringBuilder();
        for (boolean first = true; ; first = false) {
            int low = classMember(first);
            if (low < 0) {
                return "(?:(?!/)[" + (negated ? "^" : "") + members + "])";
            }
            members.append(literal(low));
            if (pos + 1 < chars.length && chars[pos] == '-' && chars[pos + 1] != ']') {
                pos++;
                int high = classMember(false);
                if (high < low) {
                    throw new InvalidGlobException(pattern,
                            "invalid range " + Character.toString(low) + "-" + Character.toString(high));
                }
                members.append('-').append(literal(high));
            }
        }
    }

    /** Returns the next class member, or -1 at the closing {@code ]}, which cannot be the first member. */
    private int classMember(boolean first) throws InvalidGlobException {
        if (pos == chars.length) {
            throw new InvalidGlobException(pattern, "unclosed [");
        }
        int c = chars[pos++];
        if (c == ']' && !first) {
            return -1;
        }
        return c == '\\' ? escaped("unclosed [") : c;
    }

    private int escaped(String reasonAtEnd) throws InvalidGlobException {
        if (pos == chars.length) {
            throw new InvalidGlobException(pattern, reasonAtEnd);
        }
        return chars[pos++];
    }

    /** Returns {@code c} as regex matching itself: a backslash before an ASCII non-alphanumeric is always literal. */
    private static String literal(int c) {
        String text = Character.toString(c);
        return c < 128 && !Character.isLetterOrDigit(c) ? "\\" + text : text;
    }
}
