package dev.memdir.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.e2e.support.LineSession;
import dev.memdir.e2e.support.ModernRequest;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The lines of one 2026-07-28 fuzz run, made from a seed before any is sent, each with what it must produce:
 * modern requests good and bad ({@code _meta} not an object, a version that is a number or unknown, capabilities
 * missing or garbage), odd ids, listens with good and bad filters and their cancellations, cancellations of ids
 * never sent, and 2025-11-25 requests before and after an {@code initialize} in the same process.
 */
final class ModernFuzzScript {

    static final String INDEX = "memdir://memory/index";
    static final String FINAL_ID = "final-view";
    static final String WRITE_INDEX = "write of MEMORY.md";
    static final List<String> LEVELS = List.of("debug", "info", "notice", "warning", "error", "critical", "alert",
            "emergency");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Set<Integer> INVALID_PARAMS = Set.of(-32602);
    private static final List<String> LISTS = List.of("tools/list", "prompts/list", "resources/list",
            "resources/templates/list", "server/discover");
    private static final List<String> READABLE = List.of(INDEX, "memdir://memory/status", "memdir://instructions",
            "memdir://instructions/report", "memdir://memory/history/a.md", "memdir://memory/recall?q=alpha");
    private static final List<String> LISTENABLE = List.of(INDEX, "memdir://memory/status", "memdir://instructions",
            "memdir://memory/history/a.md", "memdir://no/such", "https://example.com/x", "file:///etc/passwd");

    enum Start { MODERN, LEGACY }

    /** Which revision's result a request gets: 2026-07-28 results are tagged, 2025-11-25 ones are not. */
    enum Revision { MODERN, LEGACY, EITHER }

    enum Kind {
        /** Nothing comes back (a notification, a blank line). */
        NONE,
        /** An error with id null. */
        NULL_ERROR,
        /** A response with this id, in its place among the others. */
        ANSWER,
        /** A listen stream: acknowledged, then a result when input ends, unless cancelled. */
        LISTEN,
        /** notifications/cancelled for the listen {@code key}. */
        CANCEL_LISTEN
    }

    /**
     * What one line must produce. {@code codes} null: any error code; {@code tool}: a result is a tool result;
     * {@code logLevel}: the valid level the request asks for, so notifications/message at or above it may come
     * before its answer (null: none may).
     */
    record Expect(Kind kind, String key, Set<Integer> codes, boolean resultAllowed, Revision revision, boolean tool,
            String logLevel, List<String> listenUris) {

        static Expect none() {
            return new Expect(Kind.NONE, null, Set.of(), false, Revision.EITHER, false, null, List.of());
        }

        static Expect nullError(int code) {
            return new Expect(Kind.NULL_ERROR, null, Set.of(code), false, Revision.EITHER, false, null, List.of());
        }

        static Expect error(String key, Set<Integer> codes) {
            return new Expect(Kind.ANSWER, key, codes, false, Revision.EITHER, false, null, List.of());
        }

        static Expect result(String key, Revision revision) {
            return new Expect(Kind.ANSWER, key, Set.of(), true, revision, false, null, List.of());
        }

        static Expect anything(String key, Revision revision) {
            return new Expect(Kind.ANSWER, key, null, true, revision, false, null, List.of());
        }

        Expect asTool() {
            return new Expect(kind, key, codes, resultAllowed, revision, true, logLevel, listenUris);
        }

        Expect logging(String level) {
            return new Expect(kind, key, codes, resultAllowed, revision, tool, level, listenUris);
        }
    }

    record Line(byte[] bytes, Expect expect, String kind) {

        String preview() {
            return kind + ": " + Fuzzing.previewBytes(bytes);
        }
    }

    private final Random random;
    private final List<Line> lines = new ArrayList<>();
    private final Set<String> usedKeys = new HashSet<>();
    private final Map<String, JsonNode> openListens = new LinkedHashMap<>();
    private boolean initialized;
    private long sequence;

    private ModernFuzzScript(Random random) {
        this.random = random;
    }

    /** {@code count} generated lines between the opening (discover, or initialize) and a final view. */
    static List<Line> make(Random random, Start start, int count) {
        ModernFuzzScript script = new ModernFuzzScript(random);
        if (start == Start.MODERN) {
            JsonNode discover = script.id("discover");
            script.add(ModernRequest.of(discover, "server/discover").node(),
                    Expect.result(key(discover), Revision.MODERN), "discover first");
        } else {
            script.initialize();
        }
        for (int i = 0; i < count; i++) {
            if (start == Start.MODERN && i == count / 3) {
                script.initialize();
            }
            script.next();
        }
        JsonNode last = script.id(FINAL_ID);
        script.add(ModernRequest.of(last, "tools/call").param("name", "view")
                .param("arguments", Map.of("path", "/memories")).node(),
                Expect.result(key(last), Revision.MODERN).asTool(), "final view");
        return script.lines;
    }

    private void initialize() {
        JsonNode id = id("init");
        ObjectNode params = Fuzzing.obj("protocolVersion", "2025-11-25", "capabilities", NODES.objectNode(),
                "clientInfo", Fuzzing.obj("name", "modern-fuzz", "version", "1"));
        if (random.nextBoolean()) {
            // initialize is 2025-11-25's even when its _meta names 2026-07-28
            params.set("_meta", ModernRequest.of(0, "x").node().path("params").path("_meta"));
        }
        add(Fuzzing.request(id, "initialize", params), Expect.result(key(id), Revision.LEGACY), "initialize");
        add(Fuzzing.obj("jsonrpc", "2.0", "method", "notifications/initialized"), Expect.none(), "initialized");
        initialized = true;
    }

    private void next() {
        int roll = random.nextInt(1000);
        if (roll < 280) {
            modern();
        } else if (roll < 460) {
            malformedMeta();
        } else if (roll < 540) {
            oddId();
        } else if (roll < 630) {
            listen();
        } else if (roll < 700) {
            cancel();
        } else if (roll < 840) {
            legacy();
        } else if (roll < 890) {
            junk();
        } else if (roll < 930) {
            notification();
        } else {
            writeIndex();
        }
    }

    // ---- 2026-07-28 requests with good _meta

    private void modern() {
        JsonNode id = id("m");
        String key = key(id);
        ModernRequest request;
        Expect expect;
        switch (random.nextInt(9)) {
            case 0, 1 -> {
                String method = pick(LISTS);
                request = ModernRequest.of(id, method);
                expect = Expect.result(key, Revision.MODERN);
            }
            case 2 -> {
                request = toolCall(id, "view", Map.of("path", pick(List.of("/memories", "/memories/a.md",
                        "/memories/nope.md", "/memories/../x", "/memories/MEMORY.md"))));
                expect = Expect.result(key, Revision.MODERN).asTool();
            }
            case 3 -> {
                request = toolCall(id, "create", Map.of("path", "/memories/f" + sequence + ".md", "file_text", "f\n"));
                expect = Expect.result(key, Revision.MODERN).asTool();
            }
            case 4 -> {
                request = ModernRequest.of(id, "resources/read").param("uri", pick(READABLE));
                expect = Expect.result(key, Revision.MODERN);
            }
            case 5 -> {
                request = ModernRequest.of(id, "resources/read").param("uri", "memdir://no/" + sequence);
                expect = Expect.error(key, INVALID_PARAMS);
            }
            case 6 -> {
                request = ModernRequest.of(id, "prompts/get").param("name", "memory-protocol");
                expect = Expect.result(key, Revision.MODERN);
            }
            case 7 -> {
                request = toolCall(id, "no_such_tool_" + sequence, Map.of());
                expect = Expect.error(key, INVALID_PARAMS);
            }
            default -> {
                request = ModernRequest.of(id, "no/such/method" + sequence);
                add(request.node(), Expect.error(key, Set.of(-32601)), "modern unknown method");
                return;
            }
        }
        int level = random.nextInt(10);
        if (level < 3) {
            String chosen = pick(LEVELS);
            request.logLevel(chosen);
            expect = expect.logging(chosen);
        } else if (level == 3) {
            request.meta(ModernRequest.LOG_LEVEL, pick(List.of(NODES.textNode("verbose"), NODES.textNode("trace"),
                    NODES.textNode(""), NODES.numberNode(3), Fuzzing.obj("level", "debug"))));
            expect = Expect.error(key, INVALID_PARAMS);
        }
        add(request.node(), expect, "modern");
    }

    private static ModernRequest toolCall(JsonNode id, String tool, Map<String, Object> arguments) {
        return ModernRequest.of(id, "tools/call").param("name", tool).param("arguments", arguments);
    }

    // ---- 2026-07-28 requests with bad _meta

    private void malformedMeta() {
        JsonNode id = id("bad");
        String key = key(id);
        String method = pick(List.of("tools/list", "resources/read", "tools/call", "server/discover",
                "subscriptions/listen"));
        ModernRequest request = ModernRequest.of(id, method);
        switch (method) {
            case "resources/read" -> request.param("uri", INDEX);
            case "tools/call" -> request.param("name", "view").param("arguments", Map.of("path", "/memories"));
            case "subscriptions/listen" -> request.param("notifications", Map.of("resourceSubscriptions",
                    List.of(INDEX)));
            default -> { }
        }
        boolean modernByName = method.equals("server/discover") || method.equals("subscriptions/listen");
        switch (random.nextInt(6)) {
            case 0 -> {
                JsonNode meta = pick(List.of(NODES.textNode("2026-07-28"), NODES.numberNode(1), NODES.arrayNode(),
                        NODES.booleanNode(true), NODES.nullNode()));
                request.rawMeta(meta);
                add(request.node(), notAnObjectMeta(key, modernByName, meta.isNull()), "_meta not an object");
            }
            case 1 -> {
                request.meta(ModernRequest.PROTOCOL_VERSION, pick(List.of(NODES.numberNode(20260728),
                        NODES.textNode(""), NODES.textNode("  "), NODES.nullNode(), NODES.arrayNode().add("2026-07-28"),
                        Fuzzing.obj("v", "2026-07-28"), NODES.booleanNode(false))));
                add(request.node(), Expect.error(key, INVALID_PARAMS), "protocolVersion not a version");
            }
            case 2 -> {
                request.meta(ModernRequest.PROTOCOL_VERSION, pick(List.of("2024-11-05", "2099-01-01", "latest",
                        "2026-07-28 ", "2026-07-29")));
                add(request.node(), Expect.error(key, Set.of(-32022)), "unsupported protocolVersion");
            }
            case 3 -> {
                request.meta(ModernRequest.CLIENT_CAPABILITIES, null);
                add(request.node(), Expect.error(key, INVALID_PARAMS), "clientCapabilities missing");
            }
            case 4 -> {
                request.meta(ModernRequest.CLIENT_CAPABILITIES, pick(List.of(NODES.textNode("all"),
                        NODES.numberNode(7), NODES.arrayNode().add("tools"), NODES.booleanNode(true))));
                add(request.node(), Expect.error(key, INVALID_PARAMS), "clientCapabilities garbage");
            }
            default -> {
                request.meta(ModernRequest.CLIENT_INFO, pick(List.of(NODES.textNode("me"), NODES.numberNode(2),
                        NODES.arrayNode().add("me"))));
                add(request.node(), Expect.error(key, INVALID_PARAMS), "clientInfo garbage");
            }
        }
    }

    /**
     * {@code _meta} that is no object names no version, so only a method of 2026-07-28's own is served as such (and
     * refused: the SDK needs {@code _meta}). The transport checks the params of every 2025-11-25 method it knows
     * against that revision's types, which take a {@code _meta} object or null; a null one makes a 2025-11-25
     * request, refused before initialize.
     */
    private Expect notAnObjectMeta(String key, boolean modernByName, boolean isNull) {
        if (modernByName || !isNull) {
            return Expect.error(key, INVALID_PARAMS);
        }
        return initialized ? Expect.anything(key, Revision.LEGACY) : Expect.error(key, Set.of(-32600));
    }

    // ---- ids

    private void oddId() {
        JsonNode id = oddId(true);
        String key = key(id);
        if (!usedKeys.add(key)) {
            return;
        }
        // An id past a long is refused, echoed (InboundDecoder), whichever revision the request names.
        Expect expect = id.isBigInteger() ? Expect.error(key, Set.of(-32600)) : Expect.result(key, Revision.MODERN);
        add(ModernRequest.of(id, "tools/list").node(), expect, "odd id");
    }

    /** An id at the edges: the ends of a long, negative, long, with escapes, surrogates; past a long if allowed. */
    private JsonNode oddId(boolean pastLong) {
        long n = ++sequence;
        return switch (random.nextInt(pastLong ? 9 : 8)) {
            case 0 -> NODES.numberNode(Long.MAX_VALUE - n);
            case 1 -> NODES.numberNode(Long.MIN_VALUE + n);
            case 2 -> NODES.numberNode(-n);
            case 3 -> NODES.textNode("\u00efd-" + n + "-\u65e5\u672c-\ud83d\ude00");
            case 4 -> NODES.textNode("q\"\\/\t" + n);
            case 5 -> NODES.textNode("x".repeat(300) + n);
            case 6 -> NODES.textNode("a\ud800b" + n);
            case 7 -> usedKeys.contains("s:") ? NODES.textNode("e" + n) : NODES.textNode("");
            default -> NODES.numberNode(BigInteger.TEN.pow(25).add(BigInteger.valueOf(n)));
        };
    }

    // ---- subscriptions

    private void listen() {
        JsonNode id = id("listen");
        if (random.nextInt(4) == 0) {
            id = oddId(false);
            if (!usedKeys.add(key(id))) {
                return;
            }
        }
        String key = key(id);
        ModernRequest request = ModernRequest.of(id, "subscriptions/listen");
        switch (random.nextInt(8)) {
            case 0 -> add(request.node(), Expect.error(key, INVALID_PARAMS), "listen without notifications");
            case 1 -> {
                request.param("notifications", pick(List.of(NODES.textNode("all"), NODES.numberNode(1),
                        NODES.arrayNode().add(INDEX), NODES.booleanNode(true), NODES.nullNode())));
                add(request.node(), Expect.error(key, INVALID_PARAMS), "listen with notifications not an object");
            }
            case 2 -> {
                request.param("notifications", Map.of("resourceSubscriptions", pick(List.of(NODES.textNode(INDEX),
                        NODES.arrayNode().add(1).add(2), NODES.objectNode(), NODES.arrayNode().addNull()))));
                open(request, key, List.of(), "listen with resourceSubscriptions of the wrong type");
            }
            case 3 -> {
                request.param("notifications", Map.of());
                open(request, key, List.of(), "listen for nothing");
            }
            default -> {
                List<String> uris = new ArrayList<>();
                for (String uri : LISTENABLE) {
                    if (random.nextInt(3) == 0) {
                        uris.add(uri);
                    }
                }
                if (random.nextBoolean()) {
                    uris.add(INDEX);
                }
                ObjectNode filter = NODES.objectNode();
                filter.set("resourceSubscriptions", LineSession.JSON.valueToTree(uris));
                if (random.nextInt(4) == 0) {
                    filter.put("toolsListChanged", true);
                }
                request.param("notifications", filter);
                open(request, key, uris, "listen");
            }
        }
    }

    private void open(ModernRequest request, String key, List<String> uris, String kind) {
        if (random.nextInt(4) == 0) {
            // Log messages belong to a request's own answer, never to a listen stream.
            request.logLevel("debug");
        }
        lines.add(new Line(bytes(request.node()), new Expect(Kind.LISTEN, key, Set.of(), true, Revision.MODERN, false,
                null, List.copyOf(uris)), kind));
        openListens.put(key, request.node().get("id"));
    }

    private void cancel() {
        ObjectNode notification = Fuzzing.obj("jsonrpc", "2.0", "method", "notifications/cancelled");
        if (!openListens.isEmpty() && random.nextInt(3) > 0) {
            String key = pick(new ArrayList<>(openListens.keySet()));
            notification.set("params", Fuzzing.obj("requestId", openListens.remove(key), "reason", "fuzz"));
            lines.add(new Line(bytes(notification), new Expect(Kind.CANCEL_LISTEN, key, Set.of(), false,
                    Revision.EITHER, false, null, List.of()), "cancel a listen"));
            return;
        }
        long n = ++sequence;
        switch (random.nextInt(6)) {
            case 0 -> notification.set("params", Fuzzing.obj("requestId", "never-sent-" + n));
            case 1 -> notification.set("params", Fuzzing.obj("requestId", 9_000_000_000L + n));
            case 2 -> notification.set("params", Fuzzing.obj("reason", "no id"));
            case 3 -> notification.set("params", Fuzzing.obj("requestId", Fuzzing.obj("id", n)));
            case 4 -> notification.set("params", Fuzzing.obj("requestId", NODES.nullNode()));
            default -> { }
        }
        add(notification, Expect.none(), "cancel of an unknown id");
    }

    // ---- 2025-11-25 requests in the same process

    private void legacy() {
        JsonNode id = id("old");
        String key = key(id);
        int which = random.nextInt(6);
        ObjectNode request = switch (which) {
            case 0 -> Fuzzing.request(id, "tools/list", null);
            case 1 -> Fuzzing.toolCall(id, "view", Fuzzing.obj("path", "/memories/a.md"));
            case 2 -> Fuzzing.request(id, "resources/read", Fuzzing.obj("uri", "memdir://no/such"));
            case 3 -> Fuzzing.request(id, "resources/read", Fuzzing.obj("uri", INDEX));
            case 4 -> Fuzzing.request(id, "ping", null);
            default -> Fuzzing.request(id, "no/such/legacy", null);
        };
        Expect expect;
        if (which == 4) {
            expect = Expect.result(key, Revision.LEGACY);
        } else if (!initialized) {
            expect = Expect.error(key, Set.of(-32600));
        } else {
            expect = switch (which) {
                case 1 -> Expect.result(key, Revision.LEGACY).asTool();
                case 2 -> Expect.error(key, Set.of(-32002));
                case 5 -> Expect.error(key, Set.of(-32601));
                default -> Expect.result(key, Revision.LEGACY);
            };
        }
        add(request, expect, initialized ? "legacy" : "legacy before initialize");
    }

    /** Inserts a line at the top of MEMORY.md, which always succeeds and changes the index. */
    private void writeIndex() {
        JsonNode id = id("w");
        ObjectNode arguments = Fuzzing.obj("path", "/memories/MEMORY.md", "insert_line", 0, "insert_text",
                "- note " + sequence + "\n");
        if (initialized && random.nextBoolean()) {
            add(Fuzzing.toolCall(id, "insert", arguments), Expect.result(key(id), Revision.LEGACY).asTool(),
                    WRITE_INDEX);
            return;
        }
        ModernRequest request = ModernRequest.of(id, "tools/call").param("name", "insert")
                .param("arguments", arguments);
        add(request.node(), Expect.result(key(id), Revision.MODERN).asTool(), WRITE_INDEX);
    }

    // ---- lines that are not requests

    private void junk() {
        long n = ++sequence;
        switch (random.nextInt(5)) {
            case 0 -> lines.add(new Line("not json at all".getBytes(StandardCharsets.UTF_8), Expect.nullError(-32700),
                    "garbage"));
            case 1 -> lines.add(new Line("[]".getBytes(StandardCharsets.UTF_8), Expect.nullError(-32600), "batch"));
            case 2 -> lines.add(new Line(new byte[0], Expect.none(), "blank"));
            case 3 -> {
                String key = "s:j" + n;
                usedKeys.add(key);
                lines.add(new Line(("{\"jsonrpc\":\"2.0\",\"id\":\"j" + n + "\"}").getBytes(StandardCharsets.UTF_8),
                        Expect.error(key, Set.of(-32600)), "no method"));
            }
            default -> {
                byte[] whole = bytes(ModernRequest.of("cut" + n, "tools/list").node());
                lines.add(new Line(java.util.Arrays.copyOf(whole, 1 + random.nextInt(whole.length - 1)),
                        Expect.nullError(-32700), "truncated modern request"));
            }
        }
    }

    private void notification() {
        ObjectNode notification = Fuzzing.obj("jsonrpc", "2.0", "method",
                pick(List.of("notifications/progress", "notifications/whatever", "notifications/message")));
        if (random.nextBoolean()) {
            notification.set("params", ModernRequest.of(0, "x").node().get("params"));
        }
        add(notification, Expect.none(), "notification");
    }

    // ---- helpers

    private JsonNode id(String prefix) {
        String text = prefix + "-" + (++sequence);
        usedKeys.add("s:" + text);
        return NODES.textNode(text);
    }

    private static String key(JsonNode id) {
        return Fuzzing.key(id);
    }

    private void add(JsonNode node, Expect expect, String kind) {
        lines.add(new Line(bytes(node), expect, kind));
    }

    private static byte[] bytes(JsonNode node) {
        return Fuzzing.serialise(node, true);
    }

    private <T> T pick(List<T> choices) {
        return choices.get(random.nextInt(choices.size()));
    }
}
