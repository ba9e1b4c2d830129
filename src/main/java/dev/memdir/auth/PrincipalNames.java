package dev.memdir.auth;

import dev.memdir.memory.store.Namespaces;
import java.util.regex.Pattern;

/**
 * The names a token may carry. A user is one plain name, so that its own namespace {@code user/NAME} is one too; a
 * namespace is a store's namespace ({@link Namespaces}) made of plain names joined by single slashes, none starting
 * with a dot: no empty, {@code .}, {@code ..} or reserved ({@code .memdir*}) segment, so that no two spellings name
 * one memory on any store.
 */
public final class PrincipalNames {

    public static final String USER_RULE = "1-100 characters of A-Z a-z 0-9 . _ -, not starting with a dot";
    public static final String NAMESPACE_RULE = "names of A-Z a-z 0-9 . _ - (none starting with a dot) joined by"
            + " single slashes, 1-200 characters in all, without '..'";
    private static final Pattern USER = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}");
    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*");

    private PrincipalNames() {}

    public static boolean isUser(String name) {
        return USER.matcher(name).matches();
    }

    public static boolean isNamespace(String namespace) {
        if (!Namespaces.isValid(namespace)) {
            return false;
        }
        for (String segment : namespace.split("/", -1)) {
            if (!SEGMENT.matcher(segment).matches()) {
                return false;
            }
        }
        return true;
    }

    /** Returns the namespace a user's token reaches when none is given: {@code user/NAME}. */
    public static String ownNamespace(String user) {
        return "user/" + user;
    }
}
