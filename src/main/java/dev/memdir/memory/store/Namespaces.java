package dev.memdir.memory.store;

import java.util.regex.Pattern;

/** The names of memories inside a shared store: 1-200 characters of {@code [A-Za-z0-9._/-]}, without {@code ..}. */
public final class Namespaces {

    /** The rule, as messages state it. */
    public static final String RULE = "1-200 characters of A-Z a-z 0-9 . _ / - without '..'";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._/-]{1,200}");

    private Namespaces() {}

    public static boolean isValid(String namespace) {
        return NAME.matcher(namespace).matches() && !namespace.contains("..");
    }
}
