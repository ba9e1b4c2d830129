package dev.memdir.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Edits of a JSON text ({@link JsonSpans}) that touch only what they add or take away: a member or an element goes at
 * the end of its container, written as the text around it is (its indentation, its line ends, one member a line or
 * all on one), and taking away what was added that way gives the text back byte for byte.
 */
public final class JsonTextEdit {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String text;
    private final String newline;
    private final String unit;

    public JsonTextEdit(String text) {
        this.text = text;
        this.newline = text.contains("\r\n") ? "\r\n" : "\n";
        this.unit = indentUnit(text);
    }

    /** Returns {@code value} as JSON.stringify writes it with an indentation of two spaces. */
    public static String pretty(JsonNode value) {
        return new JsonTextEdit("").render(value, "");
    }

    /** Returns the text with {@code key: value} as the last member of {@code object}. */
    public String addMember(JsonSpans.ObjectValue object, String key, JsonNode value) {
        List<JsonSpans.Member> members = object.members();
        return append(object, members.isEmpty() ? -1 : members.get(0).keyStart(),
                members.isEmpty() ? -1 : members.get(members.size() - 1).value().end(),
                indent -> string(key) + ": " + render(value, indent));
    }

    /** Returns the text with {@code value} as the last element of {@code array}. */
    public String addElement(JsonSpans.ArrayValue array, JsonNode value) {
        List<JsonSpans.Value> elements = array.elements();
        return append(array, elements.isEmpty() ? -1 : elements.get(0).start(),
                elements.isEmpty() ? -1 : elements.get(elements.size() - 1).end(), indent -> render(value, indent));
    }

    /** Returns the text without the member numbered {@code index} of {@code object}. */
    public String removeMember(JsonSpans.ObjectValue object, int index) {
        List<JsonSpans.Member> members = object.members();
        return remove(object, members.size(), index, i -> members.get(i).keyStart(), i -> members.get(i).value().end());
    }

    /** Returns the text without the element numbered {@code index} of {@code array}. */
    public String removeElement(JsonSpans.ArrayValue array, int index) {
        List<JsonSpans.Value> elements = array.elements();
        return remove(array, elements.size(), index, i -> elements.get(i).start(), i -> elements.get(i).end());
    }

    /** Returns the text with {@code value} written where {@code replaced} was. */
    public String replace(JsonSpans.Value replaced, JsonNode value) {
        return text.substring(0, replaced.start()) + render(value, lineIndent(replaced.start()))
                + text.substring(replaced.end());
    }

    private interface Rendered {
        String at(String indent);
    }

    private interface Position {
        int of(int index);
    }

    /** Appends {@code child} to {@code container}, whose first child starts at {@code firstChild} (-1: none). */
    private String append(JsonSpans.Value container, int firstChild, int lastEnd, Rendered child) {
        String indent = lineIndent(container.start());
        if (firstChild < 0) {
            String inner = indent + unit;
            return text.substring(0, container.start() + 1) + newline + inner + child.at(inner) + newline + indent
                    + text.substring(container.end() - 1);
        }
        if (sameLine(container.start(), firstChild)) {
            return text.substring(0, lastEnd) + ", " + child.at(indent) + text.substring(lastEnd);
        }
        String inner = lineIndent(firstChild);
        return text.substring(0, lastEnd) + "," + newline + inner + child.at(inner) + text.substring(lastEnd);
    }

    private String remove(JsonSpans.Value container, int count, int index, Position start, Position end) {
        if (count == 1) {
            return text.substring(0, container.start() + 1) + text.substring(container.end() - 1);
        }
        if (index > 0) {
            return text.substring(0, end.of(index - 1)) + text.substring(end.of(index));
        }
        return text.substring(0, start.of(0)) + text.substring(start.of(1));
    }

    /** {@code value} as JSON.stringify writes it, indented as this text is, lines after the first at {@code indent}. */
    private String render(JsonNode value, String indent) {
        if (value.isObject() && value.size() > 0) {
            StringBuilder out = new StringBuilder("{");
            Iterator<Map.Entry<String, JsonNode>> fields = value.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                out.append(newline).append(indent).append(unit).append(string(field.getKey())).append(": ")
                        .append(render(field.getValue(), indent + unit)).append(fields.hasNext() ? "," : "");
            }
            return out.append(newline).append(indent).append('}').toString();
        }
        if (value.isArray() && value.size() > 0) {
            StringBuilder out = new StringBuilder("[");
            for (int i = 0; i < value.size(); i++) {
                out.append(newline).append(indent).append(unit).append(render(value.get(i), indent + unit))
                        .append(i + 1 < value.size() ? "," : "");
            }
            return out.append(newline).append(indent).append(']').toString();
        }
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String string(String key) {
        try {
            return JSON.writeValueAsString(key);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The white space that starts the line {@code position} is on. */
    private String lineIndent(int position) {
        int lineStart = text.lastIndexOf('\n', position - 1) + 1;
        int end = lineStart;
        while (end < text.length() && (text.charAt(end) == ' ' || text.charAt(end) == '\t')) {
            end++;
        }
        return text.substring(lineStart, end);
    }

    private boolean sameLine(int from, int to) {
        return text.indexOf('\n', from) < 0 || text.indexOf('\n', from) > to;
    }

    /** The indentation of the first indented line, the text's unit; two spaces when no line is indented. */
    private static String indentUnit(String text) {
        for (String line : text.split("\n")) {
            int end = 0;
            while (end < line.length() && (line.charAt(end) == ' ' || line.charAt(end) == '\t')) {
                end++;
            }
            if (end > 0 && end < line.length()) {
                return line.substring(0, end);
            }
        }
        return "  ";
    }
}
