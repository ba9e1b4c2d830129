package dev.memdir.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A JSON text's values with where each lies in it, so that a program can edit the text and leave every byte it does
 * not mean to change as it was (a person's settings file keeps its spacing, order and line ends). Strict JSON only:
 * no comments, no duplicate keys, nothing after the value.
 */
public final class JsonSpans {

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private JsonSpans() {}

    /** A value of the text: from {@code start} to {@code end} (exclusive), in chars. */
    public sealed interface Value permits ObjectValue, ArrayValue, Scalar {
        int start();

        int end();
    }

    /** An object member: its key, where the key's opening quote is, and its value. */
    public record Member(String key, int keyStart, Value value) {}

    public record ObjectValue(int start, int end, List<Member> members) implements Value {

        /** Returns the member named {@code key}, if there is one. */
        public Optional<Member> member(String key) {
            return members.stream().filter(member -> member.key().equals(key)).findFirst();
        }
    }

    public record ArrayValue(int start, int end, List<Value> elements) implements Value {}

    /** A string, number, true, false or null: its text is the JSON it was written as. */
    public record Scalar(int start, int end, JsonToken token) implements Value {}

    /** Parses {@code text}, one JSON value with nothing after it but white space. */
    public static Value parse(String text) throws JsonProcessingException {
        try (JsonParser parser = FACTORY.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new JsonParseException(parser, "no JSON value, only white space");
            }
            Value value = value(parser, first);
            if (parser.nextToken() != null) {
                throw new JsonParseException(parser, "more than one JSON value");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read a string", e);
        }
    }

    private static Value value(JsonParser parser, JsonToken token) throws IOException {
        int start = (int) parser.currentTokenLocation().getCharOffset();
        if (token == JsonToken.START_OBJECT) {
            List<Member> members = new ArrayList<>();
            for (JsonToken next = parser.nextToken(); next != JsonToken.END_OBJECT; next = parser.nextToken()) {
                int keyStart = (int) parser.currentTokenLocation().getCharOffset();
                String key = parser.currentName();
                members.add(new Member(key, keyStart, value(parser, parser.nextToken())));
            }
            return new ObjectValue(start, end(parser), List.copyOf(members));
        }
        if (token == JsonToken.START_ARRAY) {
            List<Value> elements = new ArrayList<>();
            for (JsonToken next = parser.nextToken(); next != JsonToken.END_ARRAY; next = parser.nextToken()) {
                elements.add(value(parser, next));
            }
            return new ArrayValue(start, end(parser), List.copyOf(elements));
        }
        parser.finishToken();
        return new Scalar(start, (int) parser.currentLocation().getCharOffset(), token);
    }

    /** The end of the container whose closing token the parser is at. */
    private static int end(JsonParser parser) {
        return (int) parser.currentTokenLocation().getCharOffset() + 1;
    }
}
