package dev.memdir.instructions;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Brace expansion: {@code *.{ts,tsx}} becomes {@code *.ts} and {@code *.tsx}; groups nest and multiply,
 * <code>\{</code>, <code>\}</code> and <code>\,</code> are literal (the backslash stays for {@link Glob}), and a
 * group without a top-level comma stays as it is, braces included.
 */
final class Braces {

    private Braces() {}

    /** Returns the expansions of {@code pattern} in order, or fails when there would be more than {@code budget}. */
    static List<String> expand(String pattern, int budget) throws InvalidGlobException {
        checkBalanced(pattern);
        List<String> out = new ArrayList<>();
        expandInto(pattern, pattern, budget, out);
        return List.copyOf(out);
    }

    /** Returns {@code text} split at the commas outside every brace group; escaped commas do not split. */
    static List<String> splitTopLevel(String text) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            switch (text.charAt(i)) {
                case '\\' -> i++;
                case '{' -> depth++;
                case '}' -> depth = Math.max(0, depth - 1); // a stray '}' is reported by expand, not here
                case ',' -> {
                    if (depth == 0) {
                        parts.add(text.substring(start, i));
                        start = i + 1;
                    }
                }
                default -> { }
            }
        }
        parts.add(text.substring(start));
        return parts;
    }

    private static void expandInto(String pattern, String text, int budget, List<String> out)
            throws InvalidGlobException {
        int open = firstAlternation(text);
        if (open < 0) {
            if (out.size() == budget) {
                throw new InvalidGlobException(pattern, "expands to more than " + budget + " patterns");
            }
            out.add(text);
            return;
        }
        int close = matchingClose(text, open);
        String prefix = text.substring(0, open);
        String suffix = text.substring(close + 1);
        for (String alternative : splitTopLevel(text.substring(open + 1, close))) {
            expandInto(pattern, prefix + alternative + suffix, budget, out);
        }
    }

    /** Returns where the first group with a top-level comma opens, or -1; groups without one are skipped. */
    private static int firstAlternation(String text) {
        Deque<Integer> opens = new ArrayDeque<>();
        boolean[] hasComma = new boolean[text.length()];
        int first = -1;
        for (int i = 0; i < text.length(); i++) {
            switch (text.charAt(i)) {
                case '\\' -> i++;
                case '{' -> opens.push(i);
                case ',' -> {
                    if (!opens.isEmpty()) {
                        hasComma[opens.peek()] = true;
                    }
                }
                case '}' -> {
                    int open = opens.pop();
                    if (hasComma[open] && (first < 0 || open < first)) {
                        first = open;
                    }
                }
                default -> { }
            }
        }
        return first;
    }

    private static int matchingClose(String text, int open) {
        int depth = 0;
        for (int i = open; ; i++) {
            switch (text.charAt(i)) {
                case '\\' -> i++;
                case '{' -> depth++;
                case '}' -> {
                    if (--depth == 0) {
                        return i;
                    }
                }
                default -> { }
            }
        }
    }

    private static void checkBalanced(String pattern) throws InvalidGlobException {
        int depth = 0;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth < 0) {
                throw new InvalidGlobException(pattern, "unmatched }");
            }
        }
        if (depth > 0) {
            throw new InvalidGlobException(pattern, "unclosed {");
        }
    }
}
