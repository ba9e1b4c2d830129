package dev.memdir.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class JsonTextEditTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aMemberGoesLastInAnObject_indentedAsItsSiblings() throws Exception {
        String text = "{\n    \"model\": \"opus\",\n    \"env\": {\"A\": \"1\"}\n}\n";

        String added = new JsonTextEdit(text).addMember(root(text), "hooks", json("{\"Stop\": [1, 2]}"));

        assertThat(added).isEqualTo("{\n    \"model\": \"opus\",\n    \"env\": {\"A\": \"1\"},\n    \"hooks\": {\n"
                + "        \"Stop\": [\n            1,\n            2\n        ]\n    }\n}\n");
    }

    static Stream<Arguments> elementsAdded() {
        return Stream.of(
                Arguments.of("an empty array opens onto lines of its own", "{\n  \"deny\": []\n}", "deny", "\"x\"",
                        "{\n  \"deny\": [\n    \"x\"\n  ]\n}"),
                Arguments.of("an array written on one line gets its new element on that line",
                        "{\"allow\": [\"Read\", \"Grep\"]}", "allow", "\"Edit\"",
                        "{\"allow\": [\"Read\", \"Grep\", \"Edit\"]}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("elementsAdded")
    void anElementGoesOnTheLinesItsArrayIsWrittenOn(String title, String text, String member, String element,
            String expected) throws Exception {
        JsonSpans.ArrayValue array = (JsonSpans.ArrayValue) root(text).member(member).orElseThrow().value();

        assertThat(new JsonTextEdit(text).addElement(array, json(element))).isEqualTo(expected);
    }

    @Test
    void anEmptyObjectOpensOntoLinesOfItsOwn() throws Exception {
        assertThat(new JsonTextEdit("{}").addMember(root("{}"), "a", json("true"))).isEqualTo("{\n  \"a\": true\n}");
    }

    @Test
    void windowsLineEndsAndTabsAreKept() throws Exception {
        String text = "{\r\n\t\"a\": 1\r\n}\r\n";

        assertThat(new JsonTextEdit(text).addMember(root(text), "b", json("[2]")))
                .isEqualTo("{\r\n\t\"a\": 1,\r\n\t\"b\": [\r\n\t\t2\r\n\t]\r\n}\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\n}\n", "{\n  \"a\": 1\n}\n", "{\"a\": 1, \"b\": [true]}",
            "{\n    \"a\": {\n        \"b\": []\n    }\n}", "{\r\n\t\"a\": 1\r\n}\r\n"})
    void takingOutWhatWasAddedGivesTheTextBackByteForByte(String text) throws Exception {
        String added = new JsonTextEdit(text).addMember(root(text), "memdir", json("{\"x\": [1, {\"y\": null}]}"));
        JsonSpans.ObjectValue object = root(added);

        String removed = new JsonTextEdit(added).removeMember(object, object.members().size() - 1);

        assertThat(removed).isEqualTo(text.equals("{\n}\n") ? "{}\n" : text);
    }

    @Test
    void theFirstOrAMiddleElementGoesWithItsComma() throws Exception {
        String text = "[\n  1,\n  2,\n  3\n]";
        JsonSpans.ArrayValue array = (JsonSpans.ArrayValue) JsonSpans.parse(text);

        assertThat(new JsonTextEdit(text).removeElement(array, 0)).isEqualTo("[\n  2,\n  3\n]");
        assertThat(new JsonTextEdit(text).removeElement(array, 1)).isEqualTo("[\n  1,\n  3\n]");
        assertThat(new JsonTextEdit(text).removeElement(array, 2)).isEqualTo("[\n  1,\n  2\n]");
    }

    @Test
    void aValueIsReplacedInPlace() throws Exception {
        String text = "{\"autoMemoryEnabled\": true, \"b\": 2}";
        JsonSpans.Value value = root(text).member("autoMemoryEnabled").orElseThrow().value();

        assertThat(new JsonTextEdit(text).replace(value, json("false"))).isEqualTo("{\"autoMemoryEnabled\": false, \"b\": 2}");
    }

    @Test
    void spansCoverEachValueExactly() throws Exception {
        String text = "{ \"a\" : \"x\\\"y\" , \"b\": [1.5, {\"c\": null}] }";
        JsonSpans.ObjectValue root = root(text);

        JsonSpans.Member a = root.member("a").orElseThrow();
        assertThat(text.substring(a.keyStart(), a.keyStart() + 3)).isEqualTo("\"a\"");
        assertThat(text.substring(a.value().start(), a.value().end())).isEqualTo("\"x\\\"y\"");
        JsonSpans.ArrayValue b = (JsonSpans.ArrayValue) root.member("b").orElseThrow().value();
        assertThat(text.substring(b.start(), b.end())).isEqualTo("[1.5, {\"c\": null}]");
        assertThat(text.substring(b.elements().get(1).start(), b.elements().get(1).end())).isEqualTo("{\"c\": null}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "{\"a\": 1} {}", "{\"a\": 1, \"a\": 2}", "{// no comments\n}", "{\"a\": }", "[1,]"})
    void anythingButOneStrictJsonValueIsRefused(String text) {
        assertThatThrownBy(() -> JsonSpans.parse(text)).isInstanceOf(JsonProcessingException.class);
    }

    @Test
    void prettyIsJsonStringifyWithTwoSpaces() {
        assertThat(JsonTextEdit.pretty(JSON.createObjectNode().put("a", "b").set("c", JSON.createArrayNode().add(1))))
                .isEqualTo("{\n  \"a\": \"b\",\n  \"c\": [\n    1\n  ]\n}");
    }

    private static JsonSpans.ObjectValue root(String text) throws JsonProcessingException {
        return (JsonSpans.ObjectValue) JsonSpans.parse(text);
    }

    private static JsonNode json(String text) throws JsonProcessingException {
        return JSON.readTree(text);
    }
}
