package dev.memdir.server;

import io.modelcontextprotocol.util.McpUriTemplateManager;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * URI templates with RFC 6570's reserved expansion: {@code {+path}} matches across {@code /}, {@code {name}}
 * matches one segment, {@code {?q}} an optional query parameter. The SDK's own matcher knows only the second, so {@code memdir://instructions/for/{+path}}
 * would never match a nested path.
 */
final class UriTemplates implements McpUriTemplateManager {

    private static final Pattern VARIABLE = Pattern.compile("\\{([+?]?)([A-Za-z0-9_]+)\\}");

    private final List<String> names = new ArrayList<>();
    private final Pattern pattern;

    UriTemplates(String template) {
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

    @Override
    public List<String> getVariableNames() {
        return List.copyOf(names);
    }

    @Override
    public Map<String, String> extractVariableValues(String uri) {
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

    @Override
    public boolean matches(String uri) {
        return pattern.matcher(uri).matches();
    }

    @Override
    public boolean isUriTemplate(String uri) {
        return VARIABLE.matcher(uri).find();
    }
}
