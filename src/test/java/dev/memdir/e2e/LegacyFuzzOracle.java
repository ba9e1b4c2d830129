package dev.memdir.e2e;

import static dev.memdir.e2e.Fuzzing.STRICT;
import static dev.memdir.e2e.Fuzzing.abbreviate;
import static dev.memdir.e2e.Fuzzing.key;
import static dev.memdir.e2e.Fuzzing.previewBytes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.FuzzStdout.Received;
import dev.memdir.e2e.LegacyFuzzScript.Generated;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the legacy fuzz must get back: each generated line split into wire lines as the server's LineReader does,
 * each classified from its exact bytes, and the answers paired with them in order.
 */
final class LegacyFuzzOracle {

    private static final Set<String> KNOWN_METHODS = Set.of("initialize", "ping", "tools/list", "tools/call",
            "resources/list", "resources/templates/list", "resources/read", "resources/subscribe",
            "resources/unsubscribe", "prompts/list", "prompts/get", "logging/setLevel", "completion/complete");

    private LegacyFuzzOracle() {}

    /** What one wire line must produce. */
    enum Outcome { NONE, NULL_ERROR, RESPONSE }

    record Expected(int line, Outcome outcome, String idKey, Set<Integer> codes, boolean resultAllowed,
            boolean toolResult, boolean mustFail, String preview) {

        static Expected none(int line, String preview) {
            return new Expected(line, Outcome.NONE, null, Set.of(), false, false, false, preview);
        }

        static Expected nullError(int line, int code, String preview) {
            return new Expected(line, Outcome.NULL_ERROR, null, Set.of(code), false, false, false, preview);
        }

        static Expected error(int line, String key, Set<Integer> codes, String preview) {
            return new Expected(line, Outcome.RESPONSE, key, codes, false, false, false, preview);
        }
    }

    /** Tallies for the report. */
    static final class Report {
        int responses;
        int toolResults;
        int toolErrors;
        int rpcErrors;
        int nullIds;
        int serverMessages;
        int mustFail;
    }


    /** Splits a generated line into wire lines as the server's LineReader does, and classifies each. */
    static List<Expected> classify(Generated generated, int lineNo) {
        byte[] bytes = generated.bytes();
        List<Expected> out = new ArrayList<>();
        int start = 0;
        List<byte[]> pieces = new ArrayList<>();
        for (int i = 0; i <= bytes.length; i++) {
            if (i == bytes.length || bytes[i] == '\n') {
                pieces.add(java.util.Arrays.copyOfRange(bytes, start, i));
                start = i + 1;
            }
        }
        boolean whole = pieces.size() == 1;
        for (byte[] piece : pieces) {
            out.add(classifyWire(piece, lineNo, generated.kind(), whole && generated.pristine(),
                    whole && generated.mustFail()));
        }
        return out;
    }

    private static Expected classifyWire(byte[] line, int lineNo, String kind, boolean pristine, boolean mustFail) {
        if (line.length > 0 && line[line.length - 1] == '\r') {
            line = java.util.Arrays.copyOf(line, line.length - 1);
        }
        String preview = "line " + lineNo + " (" + kind + ", " + line.length + " bytes): " + previewBytes(line);
        if (line.length > LegacyFuzzScript.MAX_LINE) {
            return Expected.nullError(lineNo, -32700, preview);
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(line)).toString();
        } catch (CharacterCodingException e) {
            return Expected.nullError(lineNo, -32700, preview);
        }
        if (text.isBlank()) {
            return Expected.none(lineNo, preview);
        }
        JsonNode node;
        try {
            node = STRICT.readTree(text);
        } catch (JsonProcessingException e) {
            return Expected.nullError(lineNo, -32700, preview);
        }
        if (!node.isObject()) {
            return Expected.nullError(lineNo, -32600, preview);
        }
        JsonNode id = node.get("id");
        boolean hasId = id != null;
        if (hasId && !(id.isTextual() || id.isIntegralNumber())) {
            return Expected.nullError(lineNo, -32600, preview);
        }
        String key = hasId ? key(id) : null;
        if (!node.path("jsonrpc").isTextual() || !"2.0".equals(node.path("jsonrpc").asText())) {
            return refuse(lineNo, key, preview);
        }
        JsonNode method = node.get("method");
        if (method == null) {
            return hasId && (node.has("result") || node.has("error"))
                    ? Expected.none(lineNo, preview) // a client's response: nothing to answer
                    : refuse(lineNo, key, preview);
        }
        if (!method.isTextual()) {
            return refuse(lineNo, key, preview);
        }
        JsonNode params = node.get("params");
        if (params != null && !params.isObject() && !params.isArray() && !params.isNull()) {
            return refuse(lineNo, key, preview);
        }
        if (!hasId) {
            return Expected.none(lineNo, preview); // a valid notification: never answered
        }
        String name = method.asText();
        if (id.isIntegralNumber() && !id.canConvertToLong()) {
            // The MCP SDK takes string and integer (long) ids; a bigger one is refused (-32600) with its id,
            // unless the params of a known method are refused first (-32602).
            return Expected.error(lineNo, key, KNOWN_METHODS.contains(name) ? Set.of(-32600, -32602)
                    : Set.of(-32600), preview);
        }
        if (name.equals("tools/call")) {
            return toolCall(lineNo, key, params, pristine, mustFail, preview);
        }
        if (KNOWN_METHODS.contains(name)) {
            return new Expected(lineNo, Outcome.RESPONSE, key, Set.of(-32600, -32602, -32002), true, false, false,
                    preview);
        }
        return Expected.error(lineNo, key, Set.of(-32601), preview);
    }

    private static Expected toolCall(int lineNo, String key, JsonNode params, boolean pristine, boolean mustFail,
            String preview) {
        if (params == null || !params.isObject()) {
            return Expected.error(lineNo, key, Set.of(-32602), preview);
        }
        JsonNode name = params.get("name");
        JsonNode arguments = params.get("arguments");
        JsonNode meta = params.get("_meta");
        boolean wellFormed = name != null && name.isTextual()
                && (arguments == null || arguments.isNull() || arguments.isObject())
                && (meta == null || meta.isNull() || meta.isObject());
        if (!wellFormed || !LegacyFuzzScript.TOOLS.contains(name.asText())) {
            return Expected.error(lineNo, key, Set.of(-32602), preview);
        }
        return new Expected(lineNo, Outcome.RESPONSE, key, Set.of(), true, true, pristine && mustFail, 
                preview);
    }

    private static Expected refuse(int lineNo, String key, String preview) {
        return key == null ? Expected.nullError(lineNo, -32600, preview)
                : Expected.error(lineNo, key, Set.of(-32600), preview);
    }

    /** Pairs what was expected with what came back, in order; every disagreement becomes a violation. */
    static Report check(List<Expected> all, List<Received> received, List<String> violations) {
        Report report = new Report();
        List<Expected> expected = all.stream().filter(e -> e.outcome() != Outcome.NONE).toList();
        List<Received> responses = new ArrayList<>();
        for (Received r : received) {
            if (r.response()) {
                responses.add(r);
            } else if (r.valid()) {
                report.serverMessages++;
            }
        }
        report.responses = responses.size();

        // 1. The same multiset of ids (null ids counted apart), whatever the order.
        Map<String, Integer> counts = new HashMap<>();
        for (Expected e : expected) {
            counts.merge(e.idKey() == null ? "null" : e.idKey(), 1, Integer::sum);
        }
        for (Received r : responses) {
            counts.merge(r.idKey() == null ? "null" : r.idKey(), -1, Integer::sum);
        }
        Map<String, String> previews = new HashMap<>();
        for (Expected e : expected) {
            previews.putIfAbsent(e.idKey() == null ? "null" : e.idKey(), e.preview());
        }
        counts.forEach((key, difference) -> {
            if (difference > 0) {
                violations.add(difference + " response(s) missing for id " + abbreviate(key) + ", e.g. "
                        + previews.get(key));
            } else if (difference < 0) {
                violations.add(-difference + " unexpected response(s) with id " + abbreviate(key) + ": "
                        + responses.stream().filter(r -> key.equals(r.idKey() == null ? "null" : r.idKey()))
                                .findFirst().map(r -> Received.preview(r.node())).orElse(""));
            }
        });

        // 2. The same order: the server answers pipelined lines one at a time, as they arrived.
        boolean inOrder = responses.size() == expected.size();
        for (int i = 0; inOrder && i < expected.size(); i++) {
            if (!java.util.Objects.equals(expected.get(i).idKey(), responses.get(i).idKey())) {
                violations.add("answers out of order at response " + i + ": expected id "
                        + abbreviate(expected.get(i).idKey()) + " for " + expected.get(i).preview() + ", got "
                        + Received.preview(responses.get(i).node()));
                inOrder = false;
            }
        }

        // 3. Each answer is the right kind: pair in order when possible, else by id (first come, first paired).
        Map<String, ArrayDeque<Received>> byKey = new HashMap<>();
        for (Received r : responses) {
            byKey.computeIfAbsent(r.idKey() == null ? "null" : r.idKey(), k -> new ArrayDeque<>()).add(r);
        }
        for (int i = 0; i < expected.size(); i++) {
            Expected e = expected.get(i);
            Received r = inOrder ? responses.get(i)
                    : byKey.getOrDefault(e.idKey() == null ? "null" : e.idKey(), new ArrayDeque<>()).poll();
            if (r != null) {
                checkOne(e, r, violations, report);
            }
        }
        return report;
    }

    private static void checkOne(Expected e, Received r, List<String> violations, Report report) {
        JsonNode node = r.node();
        if (node.has("error")) {
            report.rpcErrors++;
            if (r.idKey() == null) {
                report.nullIds++;
            }
            int code = node.path("error").path("code").asInt();
            if (!e.codes().contains(code)) {
                violations.add("error " + code + " but expected " + (e.resultAllowed() ? "a result" : "")
                        + (e.codes().isEmpty() ? "" : " code in " + e.codes()) + " for " + e.preview() + "; got "
                        + Received.preview(node));
            }
            return;
        }
        if (!e.resultAllowed()) {
            violations.add("a result, but expected error " + e.codes() + " for " + e.preview() + "; got "
                    + Received.preview(node));
            return;
        }
        if (!e.toolResult()) {
            return;
        }
        report.toolResults++;
        JsonNode result = node.path("result");
        JsonNode content = result.path("content");
        if (!content.isArray() || content.isEmpty() || !result.path("isError").isBoolean()) {
            violations.add("a tool result without content or isError for " + e.preview() + "; got "
                    + Received.preview(node));
            return;
        }
        boolean isError = result.path("isError").asBoolean();
        if (e.mustFail()) {
            report.mustFail++;
        }
        JsonNode first = content.get(0);
        String type = first.path("type").asText();
        String text = first.path("text").asText("");
        if (isError) {
            report.toolErrors++;
            boolean overBudget = text.contains("\n\nOver budget: the write succeeded");
            if (!"text".equals(type) || !(text.startsWith("Error: ") || overBudget)) {
                violations.add("an isError result whose text does not start with 'Error: ' for " + e.preview()
                        + "; got " + Received.preview(node));
            }
        } else {
            if (e.mustFail()) {
                violations.add("a call that must fail succeeded: " + e.preview() + "; got " + Received.preview(node));
            }
            if (!("text".equals(type) || "image".equals(type)) || text.startsWith("Error: ")) {
                violations.add("a successful tool result that looks like an error for " + e.preview() + "; got "
                        + Received.preview(node));
            }
        }
    }
}
