package dev.memdir.install;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.json.JsonSpans;
import dev.memdir.json.JsonTextEdit;
import java.util.List;
import java.util.Optional;

/**
 * The text of a settings file being edited: each edit goes through {@link JsonTextEdit}, the text is read again after
 * it, and a key memdir needs that holds another kind of value than memdir's part needs is refused, naming it.
 */
final class SettingsText {

    private final String file;
    private final ObjectMapper json;
    private String text;

    SettingsText(String file, String text, ObjectMapper json) throws SettingsRefused {
        this.file = file;
        this.json = json;
        this.text = text;
        root();
    }

    String text() {
        return text;
    }

    JsonSpans.ObjectValue root() throws SettingsRefused {
        JsonSpans.Value root;
        try {
            root = JsonSpans.parse(text);
        } catch (JsonProcessingException e) {
            throw new SettingsRefused(file + " is not valid JSON (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage()
                    .replaceAll("\\[Source: [^;]*; ", "[").replace('\n', ' ') + ")");
        }
        if (!(root instanceof JsonSpans.ObjectValue object)) {
            throw new SettingsRefused(file + " does not hold a JSON object");
        }
        return object;
    }

    /** The value at the dotted {@code key}, if there is one. */
    Optional<JsonSpans.Value> at(String key) throws SettingsRefused {
        JsonSpans.Value value = root();
        for (String name : key.split("\\.")) {
            if (!(value instanceof JsonSpans.ObjectValue object)) {
                return Optional.empty();
            }
            Optional<JsonSpans.Member> member = object.member(name);
            if (member.isEmpty()) {
                return Optional.empty();
            }
            value = member.get().value();
        }
        return Optional.of(value);
    }

    /** The object at {@code key}, made (and its key added to {@code created}) when missing; refused when not one. */
    JsonSpans.ObjectValue object(String key, List<String> created) throws SettingsRefused {
        return container(key, created, json.createObjectNode(), JsonSpans.ObjectValue.class, "object");
    }

    /** The array at {@code key}, made (its key added to {@code created}) when missing; refused when not one. */
    JsonSpans.ArrayValue array(String key, List<String> created) throws SettingsRefused {
        return container(key, created, json.createArrayNode(), JsonSpans.ArrayValue.class, "array");
    }

    private <T extends JsonSpans.Value> T container(String key, List<String> created, JsonNode empty, Class<T> kind,
            String kindName) throws SettingsRefused {
        Optional<JsonSpans.Value> value = at(key);
        if (value.isEmpty()) {
            add(key, empty);
            created.add(key);
            value = at(key);
        }
        if (!kind.isInstance(value.get())) {
            throw new SettingsRefused(file + ": \"" + key + "\" is not a JSON " + kindName);
        }
        return kind.cast(value.get());
    }

    /** Adds {@code value} under the dotted {@code key}, whose parent object is there (the root for a plain key). */
    void add(String key, JsonNode value) throws SettingsRefused {
        int dot = key.lastIndexOf('.');
        JsonSpans.Value parent = dot < 0 ? root() : at(key.substring(0, dot)).orElseThrow(
                () -> new IllegalStateException("the parent of " + key + " is missing"));
        text = new JsonTextEdit(text).addMember((JsonSpans.ObjectValue) parent, key.substring(dot + 1), value);
    }

    /** Appends {@code value} to the array at the dotted {@code key}, which is there. */
    void append(String key, JsonNode value) throws SettingsRefused {
        text = new JsonTextEdit(text).addElement((JsonSpans.ArrayValue) at(key).orElseThrow(
                () -> new IllegalStateException(key + " is missing")), value);
    }

    void replace(JsonSpans.Value old, JsonNode value) {
        text = new JsonTextEdit(text).replace(old, value);
    }

    /** Removes the dotted {@code key} from its parent object, if it is there. */
    void remove(String key) throws SettingsRefused {
        int dot = key.lastIndexOf('.');
        Optional<JsonSpans.Value> parent = dot < 0 ? Optional.of(root()) : at(key.substring(0, dot));
        if (parent.isPresent() && parent.get() instanceof JsonSpans.ObjectValue object) {
            String name = key.substring(dot + 1);
            for (int i = 0; i < object.members().size(); i++) {
                if (object.members().get(i).key().equals(name)) {
                    text = new JsonTextEdit(text).removeMember(object, i);
                    return;
                }
            }
        }
    }

    /** Removes the elements of the array at {@code key} that {@code drop} picks, keeping the others as they are. */
    void removeElements(String key, ElementTest drop) throws SettingsRefused {
        Optional<JsonSpans.Value> value = at(key);
        if (value.isEmpty() || !(value.get() instanceof JsonSpans.ArrayValue array)) {
            return;
        }
        for (int i = array.elements().size() - 1; i >= 0; i--) {
            JsonSpans.ArrayValue now = (JsonSpans.ArrayValue) at(key).orElseThrow();
            JsonSpans.Value element = now.elements().get(i);
            if (drop.test(node(element))) {
                text = new JsonTextEdit(text).removeElement(now, i);
            }
        }
    }

    /** The value a span holds. */
    JsonNode node(JsonSpans.Value value) {
        try {
            return json.readTree(text.substring(value.start(), value.end()));
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException("a span of parsed JSON does not parse", impossible);
        }
    }

    /** Which elements an edit takes away. */
    @FunctionalInterface
    interface ElementTest {
        boolean test(JsonNode element);
    }
}
