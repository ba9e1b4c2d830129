package dev.memdir.instructions;

import java.util.ArrayList;
import java.util.List;

/** The {@code paths:} of a rule file's frontmatter: its patterns, the invalid ones, and whether it is unconditional. */
record RulePaths(List<String> patterns, List<Glob> globs, List<InvalidGlobException> invalid, boolean unconditional) {

    /** How many patterns one rule's brace groups may expand to, all its patterns together. */
    static final int EXPANSION_BUDGET = 1000;

    private static final String EVERYTHING = "**";

    RulePaths {
        patterns = List.copyOf(patterns);
        globs = List.copyOf(globs);
        invalid = List.copyOf(invalid);
    }

    /**
     * Returns the patterns of the value snakeyaml loaded for {@code paths}: a list of strings, or one string split at
     * the commas outside brace groups; each entry trimmed of white space and one pair of quotes, blank ones ignored,
     * brace groups expanded within the rule's budget; {@code null} lists no pattern, and any other value or list
     * entry is invalid; a list of only {@code **} makes the rule unconditional.
     */
    static RulePaths parse(Object yamlValue) {
        List<String> patterns = new ArrayList<>();
        List<Glob> globs = new ArrayList<>();
        List<InvalidGlobException> invalid = new ArrayList<>();
        for (Object entry : entries(yamlValue)) {
            if (entry == null) {
                continue;
            }
            if (!(entry instanceof String text)) {
                patterns.add(String.valueOf(entry));
                invalid.add(new InvalidGlobException(String.valueOf(entry), entryReason(yamlValue)));
                continue;
            }
            String pattern = unquote(text);
            if (pattern.isEmpty()) {
                continue;
            }
            patterns.add(pattern);
            try {
                globs.addAll(compile(pattern, globs.size()));
            } catch (InvalidGlobException e) {
                invalid.add(e);
            }
        }
        boolean unconditional = !patterns.isEmpty() && patterns.stream().allMatch(EVERYTHING::equals);
        return new RulePaths(patterns, globs, invalid, unconditional);
    }

    /** Returns whether any valid glob matches {@code relativePath}. */
    boolean matches(String relativePath) {
        return globs.stream().anyMatch(glob -> glob.matches(relativePath));
    }

    private static List<?> entries(Object yamlValue) {
        if (yamlValue == null) {
            return List.of();
        }
        if (yamlValue instanceof List<?> list) {
            return list;
        }
        return yamlValue instanceof String text ? Braces.splitTopLevel(text) : List.of(yamlValue);
    }

    private static String entryReason(Object yamlValue) {
        return yamlValue instanceof List<?> ? "not a string" : "not a list or a string";
    }

    /** Returns {@code text} without surrounding white space and one pair of matching surrounding quotes. */
    private static String unquote(String text) {
        String trimmed = text.strip();
        int last = trimmed.length() - 1;
        boolean quoted = last > 0 && (trimmed.charAt(0) == '"' || trimmed.charAt(0) == '\'')
                && trimmed.charAt(last) == trimmed.charAt(0);
        return quoted ? trimmed.substring(1, last).strip() : trimmed;
    }

    /** Returns the globs of every expansion of {@code pattern}; one that fails makes the whole pattern invalid. */
    private static List<Glob> compile(String pattern, int expandedSoFar) throws InvalidGlobException {
        List<String> expansions = Braces.expand(pattern, EXPANSION_BUDGET);
        if (expandedSoFar + expansions.size() > EXPANSION_BUDGET) {
            throw new InvalidGlobException(pattern, "rule expands to more than " + EXPANSION_BUDGET + " patterns");
        }
        List<Glob> globs = new ArrayList<>();
        for (String expanded : expansions) {
            try {
                globs.add(Glob.compile(expanded));
            } catch (InvalidGlobException e) {
                throw new InvalidGlobException(pattern, e.reason());
            }
        }
        return globs;
    }
}
