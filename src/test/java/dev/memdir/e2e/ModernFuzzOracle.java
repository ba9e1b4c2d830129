package dev.memdir.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.FuzzStdout.Received;
import dev.memdir.e2e.ModernFuzzScript.Expect;
import dev.memdir.e2e.ModernFuzzScript.Kind;
import dev.memdir.e2e.ModernFuzzScript.Line;
import dev.memdir.e2e.ModernFuzzScript.Revision;
import dev.memdir.e2e.support.LineSession;
import dev.memdir.e2e.support.ModernRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Holds what came back against what the script said each line must produce: every answer exactly once and in
 * order (a listen is answered only at the end, and a cancelled one never), each of the right kind and revision;
 * listen streams acknowledged first, tagged, silent after their cancellation; log messages only for requests that
 * asked. Every disagreement becomes one violation line.
 */
final class ModernFuzzOracle {

    private static final String ACKNOWLEDGED = "notifications/subscriptions/acknowledged";
    private static final String UPDATED = "notifications/resources/updated";

    private final boolean expectUpdates;
    private final List<Line> lines;
    private final List<Received> received;
    private final List<String> violations;
    private final Map<String, Line> listens = new HashMap<>();
    /** For each cancelled listen, the key of the first request sent after its cancellation. */
    private final Map<String, String> cancelBarrier = new HashMap<>();
    private final Map<String, Integer> answeredAt = new HashMap<>();
    private final Map<String, JsonNode> answerNodes = new HashMap<>();
    private final Map<String, Integer> updates = new HashMap<>();
    /** For each acknowledged listen, the URIs its acknowledgement agreed to. */
    private final Map<String, Set<String>> honouredUris = new HashMap<>();
    private final Map<String, Expect> answers = new HashMap<>();
    int inOrderAnswers;
    int listenFinals;
    int tagged;
    int updateCount;
    int logMessages;

    /**
     * {@code expectUpdates}: memdir had time to report every change before input ended, so a listen on the index
     * that saw MEMORY.md written must have heard of it.
     */
    ModernFuzzOracle(List<Line> lines, List<Received> received, List<String> violations, boolean expectUpdates) {
        this.expectUpdates = expectUpdates;
        this.lines = lines;
        this.received = received;
        this.violations = violations;
    }

    void check() {
        for (int i = 0; i < lines.size(); i++) {
            Expect expect = lines.get(i).expect();
            if (expect.kind() == Kind.LISTEN) {
                listens.put(expect.key(), lines.get(i));
            } else if (expect.kind() == Kind.CANCEL_LISTEN) {
                cancelBarrier.put(expect.key(), nextAnswerAfter(i));
            } else if (expect.kind() == Kind.ANSWER) {
                answers.put(expect.key(), expect);
            }
        }
        checkAnswersInOrder();
        checkListens();
        updateCount = updates.values().stream().mapToInt(Integer::intValue).sum();
        checkLogMessages();
    }

    private String nextAnswerAfter(int line) {
        for (int i = line + 1; i < lines.size(); i++) {
            if (lines.get(i).expect().kind() == Kind.ANSWER) {
                return lines.get(i).expect().key();
            }
        }
        return null;
    }

    private void checkAnswersInOrder() {
        List<Line> expected = lines.stream().filter(l -> l.expect().kind() == Kind.ANSWER
                || l.expect().kind() == Kind.NULL_ERROR).toList();
        List<Received> responses = received.stream().filter(r -> r.response() && !listens.containsKey(r.idKey()))
                .toList();
        inOrderAnswers = responses.size();
        for (int i = 0; i < Math.max(expected.size(), responses.size()); i++) {
            if (i >= expected.size()) {
                violations.add("an answer nothing asked for: " + Received.preview(responses.get(i).node()));
                return;
            }
            Line line = expected.get(i);
            if (i >= responses.size()) {
                violations.add((expected.size() - i) + " answer(s) missing from " + line.preview());
                return;
            }
            Received response = responses.get(i);
            if (!Objects.equals(line.expect().key(), response.idKey())) {
                violations.add("answer " + i + " out of order or missing: expected id " + line.expect().key()
                        + " for " + line.preview() + ", got " + Received.preview(response.node()));
                return;
            }
            if (response.idKey() != null) {
                answeredAt.put(response.idKey(), response.index());
                answerNodes.put(response.idKey(), response.node());
            }
            checkOne(line, response.node());
        }
    }

    private void checkOne(Line line, JsonNode response) {
        Expect expect = line.expect();
        if (response.has("error")) {
            int code = response.path("error").path("code").asInt();
            if (expect.codes() != null && !expect.codes().contains(code)) {
                violations.add("error " + code + ", expected " + (expect.resultAllowed() ? "a result" : expect.codes())
                        + " for " + line.preview() + "; got " + Received.preview(response));
            } else if (code == -32022) {
                checkUnsupportedVersion(line, response.path("error").path("data"));
            }
            return;
        }
        if (!expect.resultAllowed()) {
            violations.add("a result, expected error " + expect.codes() + " for " + line.preview() + "; got "
                    + Received.preview(response));
            return;
        }
        JsonNode result = response.path("result");
        boolean complete = "complete".equals(result.path("resultType").asText())
                && "memdir".equals(result.path("_meta").path(ModernRequest.SERVER_INFO).path("name").asText());
        if (expect.revision() == Revision.MODERN && !complete) {
            violations.add("a 2026-07-28 result without resultType complete and serverInfo for " + line.preview()
                    + "; got " + Received.preview(response));
        } else if (expect.revision() == Revision.LEGACY && result.has("resultType")) {
            violations.add("a 2025-11-25 result with a resultType for " + line.preview() + "; got "
                    + Received.preview(response));
        }
        if (expect.tool() && (!result.path("content").isArray() || result.path("content").isEmpty()
                || !result.path("isError").isBoolean())) {
            violations.add("a tool result without content or isError for " + line.preview() + "; got "
                    + Received.preview(response));
        }
    }

    /** -32022 names the versions memdir speaks and the one the request asked for. */
    private void checkUnsupportedVersion(Line line, JsonNode data) {
        String requested;
        try {
            requested = LineSession.JSON.readTree(line.bytes()).path("params").path("_meta")
                    .path(ModernRequest.PROTOCOL_VERSION).asText();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        List<String> supported = new ArrayList<>();
        data.path("supported").forEach(version -> supported.add(version.asText()));
        if (!supported.equals(List.of("2026-07-28", "2025-11-25"))
                || !requested.equals(data.path("requested").asText())) {
            violations.add("-32022 without data {supported: [2026-07-28, 2025-11-25], requested: " + requested
                    + "} for " + line.preview() + "; got data " + data);
        }
    }

    private void checkListens() {
        Map<String, List<Received>> byListen = new HashMap<>();
        Set<String> acknowledged = new HashSet<>();
        for (Received message : received) {
            if (!message.valid()) {
                continue;
            }
            if (message.response()) {
                if (listens.containsKey(message.idKey())) {
                    byListen.computeIfAbsent(message.idKey(), k -> new ArrayList<>()).add(message);
                }
                continue;
            }
            JsonNode node = message.node();
            String method = node.path("method").asText();
            if (node.has("id")) {
                violations.add("a request from the server (none was asked for: no client declared roots, sampling or"
                        + " elicitation): " + Received.preview(node));
                continue;
            }
            JsonNode subscription = node.path("params").path("_meta").get(ModernRequest.SUBSCRIPTION_ID);
            if (subscription == null) {
                if (method.equals(UPDATED) || method.equals(ACKNOWLEDGED)) {
                    violations.add("an untagged " + method + " (no listen or subscribe asked for it): "
                            + Received.preview(node));
                }
                continue;
            }
            tagged++;
            String key = Fuzzing.key(subscription);
            Line listen = listens.get(key);
            if (listen == null) {
                violations.add("a message tagged with " + key + ", which no open listen has: "
                        + Received.preview(node));
                continue;
            }
            if (method.equals(ACKNOWLEDGED)) {
                if (!acknowledged.add(key)) {
                    violations.add("a second acknowledgement for " + listen.preview() + ": " + Received.preview(node));
                }
                checkHonoured(listen, node);
            } else if (!acknowledged.contains(key)) {
                violations.add("a message before the acknowledgement of " + listen.preview() + ": "
                        + Received.preview(node));
            } else if (method.equals(UPDATED) && !honoured(listen).contains(node.path("params").path("uri").asText())) {
                violations.add("an update of a URI the listen did not ask for, " + listen.preview() + ": "
                        + Received.preview(node));
            } else if (method.equals(UPDATED)) {
                updates.merge(key, 1, Integer::sum);
            }
            checkNotAfterCancel(key, message);
        }
        listens.forEach((key, listen) -> {
            boolean cancelled = cancelBarrier.containsKey(key);
            if (expectUpdates && !cancelled && honoured(listen).contains(ModernFuzzScript.INDEX)
                    && !updates.containsKey(key)
                    && wroteIndexWhileOpen(listen)) {
                violations.add("no update of the index for " + listen.preview() + ", though MEMORY.md was written"
                        + " while it was open");
            }
            List<Received> finals = byListen.getOrDefault(key, List.of());
            listenFinals += finals.size();
            if (!cancelled && !acknowledged.contains(key)) {
                violations.add("never acknowledged: " + listen.preview());
            }
            if (cancelled && !finals.isEmpty()) {
                violations.add("a cancelled listen was answered: " + listen.preview() + ": "
                        + Received.preview(finals.get(0).node()));
            } else if (!cancelled && finals.size() != 1) {
                violations.add(finals.size() + " final results (expected 1 when input ended) for " + listen.preview());
            } else if (!cancelled) {
                JsonNode result = finals.get(0).node().path("result");
                JsonNode tag = result.path("_meta").get(ModernRequest.SUBSCRIPTION_ID);
                if (!"complete".equals(result.path("resultType").asText()) || tag == null
                        || !key.equals(Fuzzing.key(tag))) {
                    violations.add("a listen's final result without resultType complete and its subscriptionId, "
                            + listen.preview() + ": " + Received.preview(finals.get(0).node()));
                }
            }
        });
    }

    /**
     * Whether a write of MEMORY.md succeeded after {@code listen} was sent and well before input ended (an update
     * is sent when the change is seen, which may be after the write's answer).
     */
    private boolean wroteIndexWhileOpen(Line listen) {
        for (int i = lines.indexOf(listen) + 1; i < lines.size() - 50; i++) {
            Line line = lines.get(i);
            JsonNode answer = answerNodes.get(line.expect().key());
            if (line.kind().equals(ModernFuzzScript.WRITE_INDEX) && answer != null
                    && !answer.path("result").path("isError").asBoolean(true)) {
                return true;
            }
        }
        return false;
    }

    private void checkHonoured(Line listen, JsonNode ack) {
        Set<String> honoured = new HashSet<>();
        ack.path("params").path("notifications").path("resourceSubscriptions")
                .forEach(uri -> honoured.add(uri.asText()));
        honouredUris.put(listen.expect().key(), honoured);
        for (String uri : honoured) {
            if (!listen.expect().listenUris().contains(uri) || !uri.startsWith("memdir://")
                    || uri.startsWith("memdir://no/")) {
                violations.add("acknowledged " + uri + ", which memdir cannot notify about or was not asked for, "
                        + listen.preview() + ": " + Received.preview(ack));
            }
        }
    }

    private Set<String> honoured(Line listen) {
        return honouredUris.getOrDefault(listen.expect().key(), Set.of());
    }

    /** After the answer to the first request sent after a cancellation, the cancelled listen is silent. */
    private void checkNotAfterCancel(String key, Received message) {
        if (!cancelBarrier.containsKey(key)) {
            return;
        }
        String barrier = cancelBarrier.get(key);
        Integer barrierIndex = barrier == null ? null : answeredAt.get(barrier);
        if (barrierIndex != null && message.index() > barrierIndex) {
            violations.add("a message for listen " + key + " after it was cancelled (and after the answer to " + barrier
                    + "): " + Received.preview(message.node()));
        }
    }

    /** notifications/message only between the answer before a request that asked for a log level and its own. */
    private void checkLogMessages() {
        for (int i = 0; i < received.size(); i++) {
            Received message = received.get(i);
            if (!message.valid() || message.response()
                    || !"notifications/message".equals(message.node().path("method").asText())) {
                continue;
            }
            logMessages++;
            Received next = null;
            for (int j = i + 1; j < received.size() && next == null; j++) {
                Received later = received.get(j);
                if (later.response() && !listens.containsKey(later.idKey())) {
                    next = later;
                }
            }
            Expect owner = next == null ? null : answers.get(next.idKey());
            if (owner == null || owner.logLevel() == null) {
                violations.add("notifications/message not followed by the answer to a request that asked for a log"
                        + " level: " + Received.preview(message.node()) + " then "
                        + (next == null ? "nothing" : Received.preview(next.node())));
            } else if (ModernFuzzScript.LEVELS.indexOf(message.node().path("params").path("level").asText())
                    < ModernFuzzScript.LEVELS.indexOf(owner.logLevel())) {
                violations.add("notifications/message below the level asked for (" + owner.logLevel() + "): "
                        + Received.preview(message.node()) + " then " + Received.preview(next.node()));
            }
        }
    }
}
