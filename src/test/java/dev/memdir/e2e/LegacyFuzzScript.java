package dev.memdir.e2e;

import static dev.memdir.e2e.Fuzzing.JSON;
import static dev.memdir.e2e.Fuzzing.NODES;
import static dev.memdir.e2e.Fuzzing.obj;
import static dev.memdir.e2e.Fuzzing.request;
import static dev.memdir.e2e.Fuzzing.serialise;
import static dev.memdir.e2e.Fuzzing.toolCall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.server.transport.StdioLineTransportProvider;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

/** Makes the lines: valid calls with hostile arguments, protocol junk, mutations of valid lines, big lines. */
final class LegacyFuzzScript {

    static final List<String> TOOLS = List.of("view", "create", "str_replace", "insert", "delete", "rename");
    static final int MAX_LINE = StdioLineTransportProvider.DEFAULT_MAX_LINE_BYTES;

    /**
     * One generated line: its exact bytes (a mutation may have put newlines inside, making several wire lines);
     * {@code pristine} when the bytes are the serialisation of a request the generator built, in which case
     * {@code mustFail} says that the tool call is certain to fail (a path every spelling rule rejects, a size past
     * every cap).
     */
    record Generated(byte[] bytes, boolean pristine, boolean mustFail, String kind) {

        static Generated pristine(JsonNode node, boolean mustFail, String kind) {
            return new Generated(serialise(node, false), true, mustFail, kind);
        }

        static Generated raw(byte[] bytes, String kind) {
            return new Generated(bytes, false, false, kind);
        }

        static Generated raw(String text, String kind) {
            return raw(text.getBytes(StandardCharsets.UTF_8), kind);
        }
    }

    private final Random random;
    private final String tempAbsolute;
    private final List<byte[]> validLines = new ArrayList<>();
    private final ArrayDeque<byte[]> recentRequests = new ArrayDeque<>();
    private final Set<Integer> bigLineSlots = new java.util.HashSet<>();
    private int bigLinesMade;
    private int deepLinesMade;

    LegacyFuzzScript(Random random, Path temp) {
        this.random = random;
        this.tempAbsolute = temp.toAbsolutePath().toString();
    }

    private static final String[] GOOD_PATHS = {"/memories", "/memories/", "/memories/a.md", "/memories/b.md",
        "/memories/new.md", "/memories/d1", "/memories/d1/", "/memories/d1/c.md", "/memories/d1/d2/e.md",
        "/memories/d1/d2/d3/f.md", "/memories/notes/todo.md", "/memories/img.png", "/memories/bin.dat",
        "/memories/big.md", "/memories/MEMORY.md", "/memories/sp ace.md", "/memories/\u00fcn\u00ef/\u65e5\u672c.md",
        "/memories/escape", "/memories/escape/in.md", "/memories/secretlink", "/memories/loop",
        "/memories/loop/x.md", "/memories/a.md/child.md", "/memories/.hidden/h.md", "/memories/node_modules/n.md",
        "/memories/x%20y.md", "/memories/%41.md", "/memories/-rf", "/memories/--help", "/memories/d1/d2",
        "/memories/emoji-\ud83d\ude00.md", "/memories/rtl-\u202e.md", "/memories/a.md/"};

    /** Paths that memory-tool.md rejects by their spelling alone, whatever is on disk. */
    private String[] rejectedPaths() {
        return new String[] {"/memories/../pwned", "/memories/../pwned.md", "/memories/d1/../../pwned",
            "/memories/..", "/memories/./a.md", "/memories/.", "/memories/d1/./c.md", "/memories//a.md",
            "/memories/d1//c.md", "/memories/a\\b", "/memories\\..\\pwned", "/memories/%2e%2e/pwned",
            "/memories/%2E%2e/pwned", "/memories/%2f", "/memories/..%2fpwned", "/memories/%5C..%5Cpwned",
            "/memories/%2e", "/memories/a:b", "/memories/c:", "C:\\pwned", "/etc/passwd", "/tmp/pwned",
            tempAbsolute + "/pwned", tempAbsolute + "/memory/a.md", "memories/a.md", "", "/", "/memoriesfoo",
            "/memories..", "/MEMORIES/a.md", "~/pwned", "../pwned", "/memories/\u0000pwned", "/memories/a\u0000",
            "/memories/a\nb", "/memories/a\rb", "/memories/\tx", "/memories/\u001b[31m",
            "/memories/" + "a".repeat(256), "/memories/" + "\u00e9".repeat(128),
            "/memories/" + "abcdefghi/".repeat(103) + "x", " /memories/a.md", "/memories/a.md\u0000.txt",
            "/memories/../memory/a.md", "/memories/d1/%2E%2E/%2e%2E/pwned"};
    }

    Generated next(int index, int total) {
        if (bigLineSlots.isEmpty()) {
            while (bigLineSlots.size() < 4) {
                bigLineSlots.add(10 + random.nextInt(Math.max(1, total - 20)));
            }
        }
        if (bigLineSlots.contains(index)) {
            return bigLine(bigLinesMade++);
        }
        int roll = random.nextInt(1000);
        if (roll < 300) {
            return remember(toolCallLine());
        } else if (roll < 500) {
            return mutated();
        } else if (roll < 550) {
            return invalidUtf8();
        } else if (roll < 630) {
            return remember(otherRequest());
        } else if (roll < 670) {
            return unknownMethodOrTool();
        } else if (roll < 730) {
            return wrongParamTypes();
        } else if (roll < 780) {
            return notJsonRpc();
        } else if (roll < 860) {
            return notification();
        } else if (roll < 890 && !recentRequests.isEmpty()) {
            byte[] again = recentRequests.toArray(new byte[0][])[random.nextInt(recentRequests.size())];
            return Generated.raw(again, "duplicate id");
        } else if (roll < 930) {
            return blank();
        } else if (roll < 990 || deepLinesMade >= 12) {
            return garbage();
        } else {
            return deep(deepLinesMade++);
        }
    }

    private Generated remember(Generated line) {
        if (line.pristine()) {
            validLines.add(line.bytes());
            recentRequests.addLast(line.bytes());
            if (recentRequests.size() > 40) {
                recentRequests.removeFirst();
            }
        }
        return line;
    }

    // ---- ids

    private long sequence;

    private JsonNode id() {
        long n = ++sequence;
        switch (random.nextInt(20) < 19 ? random.nextInt(9) + 1 : 0) {
            case 0: return NODES.numberNode(BigInteger.TEN.pow(25).add(BigInteger.valueOf(n)));
            case 1: return NODES.numberNode(Long.MAX_VALUE - n);
            case 2: return NODES.numberNode(-n);
            case 3: return NODES.textNode("\u00efd-" + n + "-\u65e5\u672c-\ud83d\ude00");
            case 4: return NODES.textNode("q\"\\/\t" + n);
            case 5: return NODES.textNode("x".repeat(300) + n);
            case 6: return NODES.textNode("s-" + n);
            case 7: return NODES.numberNode(Integer.MAX_VALUE + n);
            default: return NODES.numberNode(1_000 + n);
        }
    }

    private JsonNode unusableId() {
        switch (random.nextInt(6)) {
            case 0: return NODES.nullNode();
            case 1: return NODES.numberNode(1.5);
            case 2: return NODES.booleanNode(true);
            case 3: return NODES.arrayNode().add(1);
            case 4: return obj("id", 1);
            default: return NODES.numberNode(1e300);
        }
    }

    // ---- values

    private String text(int maxLength) {
        int length = random.nextInt(4) == 0 ? random.nextInt(maxLength + 1) : random.nextInt(Math.min(24, maxLength + 1));
        StringBuilder out = new StringBuilder();
        while (out.length() < length) {
            switch (random.nextInt(12)) {
                case 0: out.append((char) random.nextInt(0x20)); break;
                case 1: out.append("\"\\/{}[]:,'`$%".charAt(random.nextInt(13))); break;
                case 2: out.append(random.nextBoolean() ? "\u00e9" : "\u65e5\u672c"); break;
                case 3: out.append("\ud83d\ude00"); break;
                case 4: out.append(random.nextBoolean() ? "\ud800" : "\udfff"); break;
                case 5: out.append(random.nextBoolean() ? "\u202e" : "\ufeff"); break;
                case 6: out.append(random.nextBoolean() ? "\u2028" : "\r\n"); break;
                case 7: out.append('\n'); break;
                case 8: out.append("../"); break;
                default: out.append((char) ('a' + random.nextInt(26))); break;
            }
        }
        return out.toString();
    }

    private JsonNode anyValue(int depth) {
        switch (random.nextInt(depth > 2 ? 9 : 11)) {
            case 0: return NODES.nullNode();
            case 1: return NODES.booleanNode(random.nextBoolean());
            case 2: return NODES.numberNode(random.nextInt(41) - 20);
            case 3: return NODES.numberNode(random.nextBoolean() ? Long.MIN_VALUE : (long) Integer.MAX_VALUE + 1);
            case 4: return NODES.numberNode(BigInteger.TEN.pow(30));
            case 5: return NODES.numberNode(random.nextBoolean() ? 1.5 : -0.0);
            case 6: return NODES.numberNode(1e308);
            case 7:
            case 8: return NODES.textNode(text(40));
            case 9: {
                ArrayNode array = NODES.arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(anyValue(depth + 1));
                }
                return array;
            }
            default: {
                ObjectNode object = NODES.objectNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    object.set(text(8), anyValue(depth + 1));
                }
                return object;
            }
        }
    }

    private boolean lastPathRejected;

    private String path() {
        lastPathRejected = false;
        int roll = random.nextInt(100);
        if (roll < 70) {
            return GOOD_PATHS[random.nextInt(GOOD_PATHS.length)];
        }
        if (roll < 88) {
            String[] rejected = rejectedPaths();
            lastPathRejected = true;
            return rejected[random.nextInt(rejected.length)];
        }
        if (roll < 93) {
            return "/memories/" + text(30);
        }
        if (roll < 97) {
            return "/memories/r" + random.nextInt(40) + (random.nextBoolean() ? ".md" : "/s" + random.nextInt(5) + ".md");
        }
        return text(30);
    }

    private String fileText() {
        switch (random.nextInt(8)) {
            case 0: return "";
            case 1: return "---\nname: n\ndescription: d\nmetadata:\n  modified: 2020-01-01\n---\nbody\n";
            case 2: return "---\n: : bad yaml [\n---\n" + text(50);
            case 3: return "line\n".repeat(random.nextInt(500));
            default: return text(2000);
        }
    }

    private String oldText() {
        String[] common = {"alpha", "beta", "gamma\n", "line 17 ", "one\ntwo", "", "e", "\n", "deep"};
        return random.nextInt(3) == 0 ? text(20) : common[random.nextInt(common.length)];
    }

    private JsonNode insertLine() {
        switch (random.nextInt(8)) {
            case 0: return NODES.numberNode(-1);
            case 1: return NODES.numberNode(1L << 40);
            case 2: return NODES.textNode("2");
            case 3: return NODES.numberNode(1.0);
            default: return NODES.numberNode(random.nextInt(8));
        }
    }

    private JsonNode viewRange() {
        switch (random.nextInt(12)) {
            case 0: return NODES.arrayNode().add(1);
            case 1: return NODES.arrayNode().add(1).add(2).add(3);
            case 2: return NODES.arrayNode().add("1").add("2");
            case 3: return NODES.arrayNode().add(1.5).add(2);
            case 4: return NODES.textNode("1-2");
            case 5: return NODES.arrayNode().add(1L << 40).add(-1);
            case 6: return NODES.arrayNode().add(Long.MAX_VALUE).add(Long.MIN_VALUE);
            case 7: return NODES.arrayNode().add(-5).add(-1);
            case 8: return NODES.arrayNode().add(3).add(1);
            default: return NODES.arrayNode().add(random.nextInt(50)).add(random.nextInt(3000) - 1);
        }
    }

    // ---- lines

    private Generated toolCallLine() {
        String tool = TOOLS.get(random.nextInt(TOOLS.size()));
        ObjectNode args = NODES.objectNode();
        boolean mustFail = false;
        switch (tool) {
            case "view":
                args.put("path", path());
                mustFail |= lastPathRejected;
                if (random.nextInt(3) == 0) {
                    args.set("view_range", viewRange());
                }
                break;
            case "create":
                args.put("path", path());
                mustFail |= lastPathRejected;
                args.put("file_text", fileText());
                break;
            case "str_replace":
                args.put("path", path());
                mustFail |= lastPathRejected;
                args.put("old_str", oldText());
                if (random.nextInt(4) != 0) {
                    args.put("new_str", random.nextBoolean() ? text(30) : "BETA");
                }
                break;
            case "insert":
                args.put("path", path());
                mustFail |= lastPathRejected;
                args.set("insert_line", insertLine());
                args.put("insert_text", text(60));
                break;
            case "delete":
                args.put("path", path());
                mustFail |= lastPathRejected;
                break;
            default:
                args.put("old_path", path());
                mustFail |= lastPathRejected;
                args.put("new_path", path());
                mustFail |= lastPathRejected;
                break;
        }
        // Hostile shapes: a field of the wrong type, a field missing, an extra field. A wrong type or a
        // missing field can only add a failure, so mustFail stays valid.
        if (random.nextInt(7) == 0) {
            List<String> names = new ArrayList<>();
            args.fieldNames().forEachRemaining(names::add);
            args.set(names.get(random.nextInt(names.size())), anyValue(0));
        }
        if (random.nextInt(12) == 0) {
            List<String> names = new ArrayList<>();
            args.fieldNames().forEachRemaining(names::add);
            args.remove(names.get(random.nextInt(names.size())));
        }
        if (random.nextInt(10) == 0) {
            args.set(random.nextBoolean() ? "command" : text(10), anyValue(1));
        }
        ObjectNode line = toolCall(id(), tool, args);
        if (random.nextInt(6) == 0) {
            ((ObjectNode) line.get("params")).set("_meta", obj("progressToken", random.nextBoolean() ? "p" : 7));
        }
        byte[] bytes = serialise(line, random.nextBoolean());
        return new Generated(bytes, true, mustFail, "tools/call " + tool);
    }

    private Generated otherRequest() {
        String[] uris = {"memdir://instructions", "memdir://instructions/report", "memdir://memory/index",
            "memdir://memory/status", "memdir://instructions/for/src/Main.java",
            "memdir://instructions/for/../../../etc/passwd", "memdir://instructions/for/%2e%2e/%2e%2e/etc",
            "memdir://instructions/for/" + text(20), "file:///etc/passwd", "memdir://nope", "", "memdir://",
            "memdir://instructions/for/%zz", "memdir://instructions/for/a%00b", "memdir://instructions/for/%C3%A9"};
        JsonNode id = id();
        ObjectNode line;
        switch (random.nextInt(12)) {
            case 0: line = request(id, "ping", random.nextBoolean() ? null : obj()); break;
            case 1: line = request(id, "tools/list", random.nextBoolean() ? null : obj("cursor", text(5))); break;
            case 2: line = request(id, "resources/list", null); break;
            case 3: line = request(id, "resources/templates/list", null); break;
            case 4: line = request(id, "prompts/list", obj()); break;
            case 5:
            case 6: line = request(id, "resources/read", obj("uri", uris[random.nextInt(uris.length)])); break;
            case 7: line = request(id, random.nextBoolean() ? "resources/subscribe" : "resources/unsubscribe",
                    obj("uri", uris[random.nextInt(uris.length)])); break;
            case 8: {
                String[] names = {"memory-protocol", "project-instructions", "nope", ""};
                ObjectNode params = obj("name", names[random.nextInt(names.length)]);
                if (random.nextBoolean()) {
                    params.set("arguments", obj(text(5), text(5)));
                }
                line = request(id, "prompts/get", params);
                break;
            }
            case 9: {
                String[] levels = {"debug", "info", "error", "emergency", "nonsense", ""};
                line = request(id, "logging/setLevel", random.nextInt(6) == 0 ? null
                        : obj("level", levels[random.nextInt(levels.length)]));
                break;
            }
            case 10:
                if (random.nextInt(4) == 0) {
                    line = request(id, "initialize", obj("protocolVersion", random.nextBoolean() ? "2025-06-18"
                            : text(8), "capabilities", obj(), "clientInfo", obj("name", "re", "version", "2")));
                    break;
                }
                // fall through
            default: line = request(id, "ping", null); break;
        }
        return Generated.pristine(line, false, "request " + line.get("method").asText());
    }

    private Generated unknownMethodOrTool() {
        if (random.nextBoolean()) {
            String[] methods = {"tools/call2", "foo", "", "rpc.discover", "$/cancelRequest", "completion/completes",
                "notifications/initialized", "tools/List", "sampling/createMessage", "roots/list", text(12)};
            String method = methods[random.nextInt(methods.length)];
            return Generated.pristine(request(id(), method, random.nextBoolean() ? null : anyParams()), false,
                    "unknown method");
        }
        String[] tools = {"memory", "View", "view ", "", "format_disk", "create\u0000", "delete/../view", text(10)};
        return Generated.pristine(toolCall(id(), tools[random.nextInt(tools.length)], obj("path", "/memories")),
                false, "unknown tool");
    }

    private JsonNode anyParams() {
        return random.nextBoolean() ? NODES.objectNode() : NODES.arrayNode().add(1);
    }

    private Generated wrongParamTypes() {
        JsonNode id = id();
        ObjectNode line;
        switch (random.nextInt(10)) {
            case 0: line = request(id, "tools/call", NODES.arrayNode().add("view")); break;
            case 1: line = request(id, "tools/call", NODES.textNode("view")); break;
            case 2: line = request(id, "tools/call", obj("name", anyValue(2))); break;
            case 3: line = request(id, "tools/call", obj("name", "view", "arguments", anyValue(1))); break;
            case 4: line = request(id, "tools/call", obj("arguments", obj("path", "/memories"))); break;
            case 5: line = request(id, "resources/read", obj("uri", anyValue(1))); break;
            case 6: line = request(id, "prompts/get", obj("name", "memory-protocol", "arguments", anyValue(1)));
                break;
            case 7: line = request(id, "initialize", obj("protocolVersion", anyValue(1), "capabilities", anyValue(1)));
                break;
            case 8: line = request(id, "tools/list", anyValue(1)); break;
            default: line = request(id, "tools/call", obj("name", "view", "arguments", obj("path", "/memories"),
                    "_meta", anyValue(1))); break;
        }
        return Generated.pristine(line, false, "wrong param types");
    }

    private Generated notJsonRpc() {
        long n = ++sequence;
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":" + (5_000_000 + n) + ",\"method\":\"ping\"}";
        String[] lines = {"[]", "[" + ping + "]", "[1,2]", "42", "\"str\"", "true", "null", "{}", "-0", "1e999",
            "{\"id\":" + (6_000_000 + n) + ",\"method\":\"ping\"}", "{\"jsonrpc\":\"2.0\"}",
            "{\"jsonrpc\":\"1.0\",\"id\":" + (7_000_000 + n) + ",\"method\":\"ping\"}",
            "{\"jsonrpc\":2.0,\"id\":" + (8_000_000 + n) + ",\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":" + (9_000_000 + n) + "}",
            "{\"jsonrpc\":\"2.0\",\"id\":\"m" + n + "\",\"method\":[\"ping\"]}",
            "{\"jsonrpc\":\"2.0\",\"id\":\"r" + n + "\",\"result\":{}}",
            "{\"jsonrpc\":\"2.0\",\"id\":\"e" + n + "\",\"error\":{\"code\":1,\"message\":\"x\"}}",
            "{\"jsonrpc\":\"2.0\",\"result\":{}}", "{\"foo\":\"bar\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":\"p" + n + "\",\"method\":\"ping\",\"params\":\"scalar\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":\"d" + n + "\",\"id\":\"dd" + n + "\",\"method\":\"ping\"}"};
        if (random.nextInt(4) == 0) {
            ObjectNode node = request(unusableId(), "ping", null);
            return Generated.raw(serialise(node, false), "unusable id");
        }
        return Generated.raw(lines[random.nextInt(lines.length)], "not JSON-RPC");
    }

    private Generated notification() {
        String[] valid = {"notifications/initialized", "notifications/cancelled", "notifications/progress",
            "notifications/whatever", "tools/call", "", "notifications/roots/list_changed"};
        if (random.nextInt(8) < 5) {
            String method = valid[random.nextInt(valid.length - (random.nextInt(10) == 0 ? 0 : 1))];
            ObjectNode node = obj("jsonrpc", "2.0", "method", method);
            if (method.equals("notifications/cancelled")) {
                node.set("params", obj("requestId", "never-used-" + (++sequence), "reason", text(10)));
            } else if (random.nextBoolean()) {
                node.set("params", random.nextBoolean() ? obj("progressToken", 1, "progress", 0.5)
                        : NODES.arrayNode());
            }
            return Generated.raw(serialise(node, false), "notification");
        }
        String[] invalid = {"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\",\"params\":5}",
            "{\"jsonrpc\":\"2.0\",\"method\":5}", "{\"jsonrpc\":\"1.0\",\"method\":\"notifications/initialized\"}",
            "{\"method\":\"notifications/initialized\"}", "{\"jsonrpc\":\"2.0\",\"method\":null}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":\"s\"}", "{\"jsonrpc\":\"2.0\",\"method\":{}}"};
        return Generated.raw(invalid[random.nextInt(invalid.length)], "invalid notification");
    }

    private Generated blank() {
        String[] blanks = {"", " ", "\t", "\r", " \r", "   \t  ", "\u000b", "\u2028"};
        return Generated.raw(blanks[random.nextInt(blanks.length)], "blank");
    }

    private Generated garbage() {
        String[] garbage = {"this is not json", "{", "}", "\"", "{\"jsonrpc\":\"2.0\",\"id\":1,", "NaN", "Infinity",
            "0x10", "{'a':1}", "// comment", "{\"a\":1}{\"b\":2}", "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"} x",
            "\ufeff{\"jsonrpc\":\"2.0\",\"id\":\"bom\",\"method\":\"ping\"}", "{\"a\":\"\\x\"}", "[1,]", "{\"a\" 1}",
            "\u0000", "{\"jsonrpc\":\"2.0\",\"id\":\"t\",\"method\":\"ping\"", text(80)};
        if (!validLines.isEmpty() && random.nextBoolean()) {
            byte[] line = validLines.get(random.nextInt(validLines.size()));
            return Generated.raw(java.util.Arrays.copyOf(line, random.nextInt(line.length)), "truncated JSON");
        }
        return Generated.raw(garbage[random.nextInt(garbage.length)], "garbage");
    }

    private Generated invalidUtf8() {
        byte[][] bad = {{(byte) 0x80}, {(byte) 0xbf}, {(byte) 0xc0, (byte) 0xaf}, {(byte) 0xc3},
            {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0xf5, (byte) 0x80, (byte) 0x80, (byte) 0x80},
            {(byte) 0xff}, {(byte) 0xfe}, {(byte) 0xf0, (byte) 0x9f, (byte) 0x98}, {(byte) 0xe2, (byte) 0x82}};
        byte[] base = validLines.isEmpty()
                ? "{\"jsonrpc\":\"2.0\",\"id\":\"u\",\"method\":\"ping\"}".getBytes(StandardCharsets.UTF_8)
                : validLines.get(random.nextInt(validLines.size()));
        byte[] insert = bad[random.nextInt(bad.length)];
        int at = random.nextInt(base.length + 1);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(base, 0, at);
        out.write(insert, 0, insert.length);
        out.write(base, at, base.length - at);
        return Generated.raw(out.toByteArray(), "invalid UTF-8");
    }

    private Generated mutated() {
        if (validLines.isEmpty()) {
            return garbage();
        }
        byte[] line = validLines.get(random.nextInt(validLines.size())).clone();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String kind;
        switch (random.nextInt(5)) {
            case 0: {
                for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                    line[random.nextInt(line.length)] ^= (byte) (1 << random.nextInt(8));
                }
                out.writeBytes(line);
                kind = "bit flips";
                break;
            }
            case 1: {
                int at = random.nextInt(line.length);
                int length = Math.min(line.length - at, 1 + random.nextInt(5));
                out.write(line, 0, at);
                out.write(line, at + length, line.length - at - length);
                kind = "byte deletion";
                break;
            }
            case 2: {
                int at = random.nextInt(line.length + 1);
                byte[] structural = "\"{}[],:\\0 \n".getBytes(StandardCharsets.US_ASCII);
                out.write(line, 0, at);
                for (int n = 1 + random.nextInt(3); n > 0; n--) {
                    out.write(random.nextBoolean() ? structural[random.nextInt(structural.length)] : random.nextInt(256));
                }
                out.write(line, at, line.length - at);
                kind = "byte insertion";
                break;
            }
            case 3: {
                int at = random.nextInt(line.length);
                int length = Math.min(line.length - at, 1 + random.nextInt(40));
                out.write(line, 0, at + length);
                out.write(line, at, line.length - at);
                kind = "duplicated span";
                break;
            }
            default: {
                int at = random.nextInt(line.length);
                out.write(line, 0, at);
                kind = "truncation";
                break;
            }
        }
        return Generated.raw(out.toByteArray(), kind);
    }

    private Generated deep(int which) {
        switch (which % 6) {
            case 0: return Generated.raw("[".repeat(100_000) + "]".repeat(100_000), "100,000 nested arrays");
            case 1: return Generated.raw("[".repeat(100_000), "100,000 unclosed arrays");
            case 2: return Generated.raw("{\"a\":".repeat(50_000) + "1" + "}".repeat(50_000), "50,000 nested objects");
            case 3: {
                // Depth 993 in all: inside Jackson's default limit of 1000, so this one parses.
                String path = "[".repeat(990) + "]".repeat(990);
                return new Generated(("{\"jsonrpc\":\"2.0\",\"id\":\"deep-" + (++sequence) + "\",\"method\":"
                        + "\"tools/call\",\"params\":{\"name\":\"view\",\"arguments\":{\"path\":" + path + "}}}")
                        .getBytes(StandardCharsets.UTF_8), true, true, "990 nested arrays as a path");
            }
            case 4: {
                String meta = "{\"a\":".repeat(995) + "1" + "}".repeat(995);
                return new Generated(("{\"jsonrpc\":\"2.0\",\"id\":\"deepmeta-" + (++sequence) + "\",\"method\":"
                        + "\"tools/call\",\"params\":{\"name\":\"view\",\"arguments\":{\"path\":\"/memories\","
                        + "\"x\":" + meta + "}}}").getBytes(StandardCharsets.UTF_8), true, false,
                        "995 nested objects as an extra argument");
            }
            default: {
                String path = "[".repeat(2_000) + "]".repeat(2_000);
                return Generated.raw("{\"jsonrpc\":\"2.0\",\"id\":\"toodeep-" + (++sequence) + "\",\"method\":"
                        + "\"tools/call\",\"params\":{\"name\":\"view\",\"arguments\":{\"path\":" + path + "}}}",
                        "2,000 nested arrays in a request");
            }
        }
    }

    private Generated bigLine(int which) {
        int tenMegabytes = 10 * 1024 * 1024;
        switch (which) {
            case 0:
                return Generated.pristine(toolCall(id(), "create", obj("path", "/memories/huge.md",
                        "file_text", "0123456789abcdef\n".repeat(tenMegabytes / 17))), true, "10 MB create");
            case 1: {
                byte[] junk = new byte[tenMegabytes];
                for (int i = 0; i < junk.length; i++) {
                    junk[i] = (byte) ('!' + random.nextInt(90));
                }
                junk[0] = '{';
                return Generated.raw(junk, "10 MB of junk");
            }
            case 2:
                return Generated.pristine(toolCall(id(), "str_replace", obj("path", "/memories/a.md",
                        "old_str", "beta".repeat(tenMegabytes / 4), "new_str", "x")), true, "10 MB old_str");
            default: {
                byte[] junk = new byte[MAX_LINE + 1_000_000];
                java.util.Arrays.fill(junk, (byte) 'z');
                return Generated.raw(junk, "17 MB line past the cap");
            }
        }
    }
}
