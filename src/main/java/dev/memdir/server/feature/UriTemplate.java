package dev.memdir.server.feature;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A URI template with RFC 6570's reserved expansion: {@code {+path}} matches across {@code /}, {@code {name}}
 * matches one segment, {@code {?q}} an optional query parameter.
 */
public final class UriTemplate {

    private static final Pattern VARIABLE = Pattern.compile("\\{([+?]?)([A-Za-z0-9_]+)\\}");

    private final List<String> names = new ArrayList<>();
    private final Pattern pattern;

    public UriTemplate(String template) {
        StringBuilder regex = new StringBuilder();
        Matcher matcher = VARIABLE.matcher(template);
        int last = 0;
        while (matcher.find()) {
            regex.append(Pattern.quote(template.substring(last, matcher.start())));
            regex.append(expression(matcher.group(1), matcher.group(2)));
            names.add(matcher.group(2));
            last = matcher.end();
        }
        regex.append(Pattern.quote(template.substring(last)));
        this.pattern = Pattern.compile(regex.toString());
    }

    /** The regex of one variable: {@code {name}} one segment, {@code {+name}} anything, {@code {?name}} a query. */
    private static String expression(String operator, String name) {
        switch (operator) {
            case "+":
                return "(.+)";
            case "?":
                return "(?:\\?" + Pattern.quote(name) + "=([^&#]*))?";
            default:
                return "([^/]+)";
        }
    }

    /** Returns whether {@code text} holds a variable, so is a template rather than a plain URI. */
    public static boolean isTemplate(String text) {
        return VARIABLE.matcher(text).find();
    }

    public List<String> variableNames() {
        return List.copyOf(names);
    }

    /** Returns the raw (still percent-encoded) value of each variable in {@code uri}; none when it does not match. */
    public Map<String, String> values(String uri) {
        Map<String, String> values = new LinkedHashMap<>();
        Matcher matcher = pattern.matcher(uri);
        if (matcher.matches()) {
            for (int i = 0; i < names.size(); i++) {
                if (matcher.group(i + 1) != null) {
                    values.put(names.get(i), matcher.group(i + 1));
                }
            }
        }
        return values;
    }

    public boolean matches(String uri) {
        return pattern.matcher(uri).matches();
    }
}
