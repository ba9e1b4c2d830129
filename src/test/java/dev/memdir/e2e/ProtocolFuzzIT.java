package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.server.transport.StdioLineTransportProvider;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Protocol fuzzing of ONE real jar process: thousands of generated and mutated lines, pipelined (one thread
 * writes, another reads), and an oracle that predicts from the exact bytes of every line what the transport
 * must answer. Every line the server writes must be JSON-RPC 2.0; every request with a usable id gets exactly
 * one response, in arrival order; tool failures are {@code isError} results, never protocol errors.
 *
 * <p>System properties: {@code memdir.torture.fuzzLines} (default 2000), {@code memdir.torture.seed}
 * (default: random; printed, and quoted in every failure).
 */
class ProtocolFuzzIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Parses exactly as the server's transport does (InboundDecoder). */
    private static final ObjectReader STRICT = JSON.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    /** Writes non-ASCII as backslash-u escapes, so that lone surrogates reach the server as such. */
    private static final ObjectWriter ESCAPING = JSON.writer().with(JsonWriteFeature.ESCAPE_NON_ASCII);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_LINE = StdioLineTransportProvider.DEFAULT_MAX_LINE_BYTES;

    private static final List<String> TOOLS = List.of("view", "create", "str_replace", "insert", "delete", "rename");
    private static final Set<String> KNOWN_METHODS = Set.of("initialize", "ping", "tools/list", "tools/call",
            "resources/list", "resources/templates/list", "resources/read", "resources/subscribe",
            "resources/unsubscribe", "prompts/list", "prompts/get", "logging/setLevel", "completion/complete");
    private static final String DIRECTORY_HEADER =
            "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:";
    private static final String FINAL_ID = "final-view";
    private static final String TEMP_PREFIX = ".memdir-tmp-";

    @TempDir
    Path temp;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void thousandsOfHostileLinesAreEachAnsweredAsJsonRpcAndTheServerSurvives() throws Exception {
        long seed = Long.getLong("memdir.torture.seed", new Random().nextLong());
        int lines = Integer.getInteger("memdir.torture.fuzzLines", 2000);
        String tag = "[ProtocolFuzzIT seed=" + seed + " lines=" + lines + "] ";
        System.out.println(tag + "starting; re-run with -Dmemdir.torture.seed=" + seed);

        Path root = temp.resolve("memory");
        Path outside = temp.resolve("outside");
        Path home = temp.resolve("home");
        Path project = temp.resolve("project");
        Path stderr = temp.resolve("stderr.log");
        prepare(root, outside, home, project);
        Files.createFile(stderr);
        SortedMap<String, String> before = snapshotOutside(temp, root, stderr);

        JarLauncher launcher = JarLauncher.plain("--root", root.toString()).jvmOptions("-XX:-UsePerfData")
                .in(project).withoutEnv("MEMDIR_ROOT").env("HOME", home.toString())
                .env("MEMDIR_HOME", home.resolve(".memdir").toString()).stderrTo(stderr);
        long started = System.nanoTime();
        Process process = launcher.start();
        try {
            OutputStream stdin = new BufferedOutputStream(process.getOutputStream(), 1 << 16);
            LineSource stdout = new LineSource(process.getInputStream());

            // A normal initialize first, answered before anything else is sent.
            writeLine(stdin, ("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{"
                    + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"fuzz\","
                    + "\"version\":\"1\"}}}").getBytes(StandardCharsets.UTF_8));
            byte[] initLine = stdout.next();
            assertThat(initLine).as(tag + "initialize answer").isNotNull();
            JsonNode init = JSON.readTree(initLine);
            assertThat(init.path("result").path("serverInfo").path("name").asText()).as(tag).isEqualTo("memdir");
            writeLine(stdin, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"
                    .getBytes(StandardCharsets.UTF_8));

            Generator generator = new Generator(new Random(seed), temp);
            List<Expected> expected = Collections.synchronizedList(new ArrayList<>());
            AtomicReference<Throwable> writerFailure = new AtomicReference<>();
            long[] sent = new long[3]; // generated lines, wire lines, bytes
            Thread writer = new Thread(() -> {
                try {
                    for (int i = 0; i < lines; i++) {
                        Generated line = generator.next(i, lines);
                        List<Expected> outcome = Oracle.classify(line, i);
                        expected.addAll(outcome);
                        writeLine(stdin, line.bytes());
                        sent[0]++;
                        sent[1] += outcome.size();
                        sent[2] += line.bytes().length + 1;
                    }
                    Generated last = Generated.pristine(toolCall(FINAL_ID, "view", obj("path", "/memories")), false,
                            "final view");
                    expected.addAll(Oracle.classify(last, lines));
                    writeLine(stdin, last.bytes());
                } catch (Throwable e) {
                    writerFailure.set(e);
                }
            }, "fuzz-writer");

            List<String> violations = Collections.synchronizedList(new ArrayList<>());
            FuzzStdout reading = new FuzzStdout(stdout, Oracle.key(NODES.textNode(FINAL_ID)), violations,
                    "fuzz-reader");
            List<Received> received = reading.received();
            writer.start();

            writer.join(TimeUnit.SECONDS.toMillis(120));
            assertThat(writer.isAlive()).as(tag + "the writer is stuck: the server stopped reading" + tail(stderr))
                    .isFalse();
            assertThat(writerFailure.get()).as(tag + "writing to the server failed" + tail(stderr)).isNull();
            assertThat(reading.awaitFinal(120)).as(tag + "the final view was not answered" + tail(stderr))
                    .isTrue();
            assertThat(process.isAlive()).as(tag + "memdir died during the fuzz" + tail(stderr)).isTrue();

            stdin.close();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as(tag + "memdir did not exit after stdin closed"
                    + tail(stderr)).isTrue();
            assertThat(process.exitValue()).as(tag + "exit code after stdin closed" + tail(stderr)).isZero();
            assertThat(reading.awaitEnd(10)).as(tag + "stdout did not end").isTrue();
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

            Report report = Oracle.check(expected, received, violations);
            Received last = received.stream().filter(r -> r.response()
                    && Oracle.key(NODES.textNode(FINAL_ID)).equals(r.idKey())).findFirst().orElseThrow();
            JsonNode finalResult = last.node().path("result");
            if (finalResult.path("isError").asBoolean(true)
                    || !finalResult.path("content").path(0).path("text").asText().startsWith(DIRECTORY_HEADER)) {
                violations.add("the final view /memories did not list the root: " + Received.preview(last.node()));
            }

            String errors = serverStderrProblems(stderr, violations);
            SortedMap<String, String> after = snapshotOutside(temp, root, stderr);
            List<String> strays = strayTempFiles(root);
            System.out.printf("%sdone in %d ms: %d lines generated (%d wire lines, %,d bytes), %d responses checked"
                            + " (%d tool results, %d of them isError, %d certain to fail; %d JSON-RPC errors, %d with id null),"
                            + " %d server-initiated messages; stderr: %s%n",
                    tag, millis, sent[0], sent[1], sent[2], report.responses, report.toolResults,
                    report.toolErrors, report.mustFail, report.rpcErrors, report.nullIds, report.serverMessages, errors);

            if (!violations.isEmpty()) {
                fail(tag + violations.size() + " protocol violation(s); the first ones:\n"
                        + String.join("\n", violations.subList(0, Math.min(40, violations.size()))));
            }
            assertThat(after).as(tag + "nothing may be created, changed or removed outside the root")
                    .isEqualTo(before);
            assertThat(strays).as(tag + "temp files left in the root").isEmpty();
            assertThat(Files.readString(outside.resolve("secret.txt"))).isEqualTo("secret\n");
        } finally {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** A string id holding an unpaired surrogate (legal JSON: {@code "a\ud800b"}) comes back exactly as sent. */
    @Test
    void anIdWithAnUnpairedSurrogateIsEchoedExactly() throws Exception {
        try (RawSession session = RawSession.start(temp.resolve("memory"), temp.resolve("stderr.log"))) {
            session.initialize();
            session.send("{\"jsonrpc\":\"2.0\",\"id\":\"a\\ud800b\",\"method\":\"ping\"}");
            assertThat(session.read().path("id").asText()).isEqualTo("a\ud800b");
        }
    }

    /** A {@code memdir://instructions/for/} URI whose path has a bad %-escape or a NUL is invalid params. */
    @Test
    void aMalformedInstructionsForUriIsInvalidParams() throws Exception {
        try (RawSession session = RawSession.start(temp.resolve("memory"), temp.resolve("stderr.log"))) {
            session.initialize();
            for (String uri : List.of("memdir://instructions/for/%zz", "memdir://instructions/for/a%00b")) {
                session.send(JSON.writeValueAsString(request(NODES.textNode(uri), "resources/read", obj("uri", uri))));
                JsonNode answer = session.read();
                assertThat(answer.path("error").path("code").asInt()).as(uri).isEqualTo(-32602);
            }
        }
    }

    /** {@code logging/setLevel} without params is invalid params, like the other methods' bad params. */
    @Test
    void setLevelWithoutParamsIsInvalidParams() throws Exception {
        try (RawSession session = RawSession.start(temp.resolve("memory"), temp.resolve("stderr.log"))) {
            session.initialize();
            session.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"logging/setLevel\"}");
            assertThat(session.read().path("error").path("code").asInt()).isEqualTo(-32602);
        }
    }

    // ------------------------------------------------------------------ set-up and after-checks

    private static void prepare(Path root, Path outside, Path home, Path project) throws IOException {
        Files.createDirectories(outside);
        Files.writeString(outside.resolve("secret.txt"), "secret\n");
        Files.createDirectories(home);
        Files.createDirectories(project);
        Files.writeString(project.resolve("CLAUDE.md"), "# Project\nBe careful.\n@missing/import.md\n");
        Files.createDirectories(root.resolve("d1/d2"));
        Files.writeString(root.resolve("a.md"), "alpha\nbeta\ngamma\n");
        Files.writeString(root.resolve("d1/c.md"), "one\ntwo\nthree\n");
        Files.writeString(root.resolve("d1/d2/e.md"), "deep\n");
        StringBuilder big = new StringBuilder();
        for (int i = 1; i <= 3000; i++) {
            big.append("line ").append(i).append(" of a long file\n");
        }
        Files.writeString(root.resolve("big.md"), big);
        Files.write(root.resolve("img.png"), Base64.getDecoder().decode(
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="));
        Files.write(root.resolve("bin.dat"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, (byte) 0xc3, '\n'});
        Files.createDirectories(root.resolve(".hidden"));
        Files.writeString(root.resolve(".hidden/h.md"), "hidden\n");
        Files.createDirectories(root.resolve("node_modules"));
        Files.writeString(root.resolve("node_modules/n.md"), "module\n");
        Files.createSymbolicLink(root.resolve("escape"), outside);
        Files.createSymbolicLink(root.resolve("secretlink"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(root.resolve("loop"), root.resolve("loop"));
    }

    /** Everything under {@code temp} but the root and the server's stderr: path, kind, size and content hash. */
    private static SortedMap<String, String> snapshotOutside(Path temp, Path root, Path stderr) throws IOException {
        SortedMap<String, String> entries = new TreeMap<>();
        Files.walkFileTree(temp, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                if (dir.equals(root)) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                entries.put(temp.relativize(dir).toString(), "dir");
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (file.equals(stderr)) {
                    return FileVisitResult.CONTINUE;
                }
                String what;
                if (attrs.isSymbolicLink()) {
                    what = "link -> " + Files.readSymbolicLink(file);
                } else if (attrs.isRegularFile()) {
                    what = "file " + attrs.size() + " " + sha256(Files.readAllBytes(file));
                } else {
                    what = "other";
                }
                entries.put(temp.relativize(file).toString(), what);
                return FileVisitResult.CONTINUE;
            }
        });
        return entries;
    }

    private static List<String> strayTempFiles(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.getFileName().toString().startsWith(TEMP_PREFIX)).map(Path::toString).toList();
        }
    }

    /** Fatal JVM trouble in stderr is a violation; ERROR log lines are counted and summarised. */
    private static String serverStderrProblems(Path stderr, List<String> violations) throws IOException {
        List<String> log = Files.readAllLines(stderr, StandardCharsets.ISO_8859_1);
        int errors = 0;
        Map<String, Integer> kinds = new LinkedHashMap<>();
        for (String line : log) {
            if (line.contains("OutOfMemoryError") || line.contains("StackOverflowError")
                    || line.startsWith("Exception in thread")) {
                violations.add("stderr: " + line);
            }
            if (line.contains(" ERROR ")) {
                errors++;
                String kind = line.length() > 13 ? line.substring(13, Math.min(line.length(), 120)) : line;
                kinds.merge(kind, 1, Integer::sum);
            }
        }
        return log.size() + " lines, " + errors + " ERROR lines" + (kinds.isEmpty() ? "" : " " + kinds);
    }

    /** The last lines of the server's stderr, for a failure message (the temp dir is gone afterwards). */
    static String tail(Path stderr) {
        try {
            List<String> log = Files.readAllLines(stderr, StandardCharsets.ISO_8859_1);
            return "; memdir's stderr ends with:\n" + String.join("\n", log.subList(Math.max(0, log.size() - 30),
                    log.size()));
        } catch (IOException e) {
            return "; stderr unreadable: " + e;
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static void writeLine(OutputStream out, byte[] line) throws IOException {
        out.write(line);
        out.write('\n');
        out.flush();
    }

    // ------------------------------------------------------------------ JSON helpers

    static ObjectNode obj(Object... keysAndValues) {
        ObjectNode node = NODES.objectNode();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            node.set((String) keysAndValues[i], toNode(keysAndValues[i + 1]));
        }
        return node;
    }

    static JsonNode toNode(Object value) {
        if (value instanceof JsonNode node) {
            return node;
        }
        return JSON.valueToTree(value);
    }

    static ObjectNode request(JsonNode id, String method, JsonNode params) {
        ObjectNode node = obj("jsonrpc", "2.0");
        node.set("id", id);
        node.put("method", method);
        if (params != null) {
            node.set("params", params);
        }
        return node;
    }

    static ObjectNode toolCall(Object id, String tool, JsonNode arguments) {
        ObjectNode params = obj("name", tool);
        params.set("arguments", arguments);
        return request(toNode(id), "tools/call", params);
    }

    // ------------------------------------------------------------------ what was sent

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

        static byte[] serialise(JsonNode node, boolean escapeNonAscii) {
            try {
                return escapeNonAscii ? ESCAPING.writeValueAsBytes(node) : JSON.writeValueAsBytes(node);
            } catch (JsonProcessingException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** Makes the lines: valid calls with hostile arguments, protocol junk, mutations of valid lines, big lines. */
    static final class Generator {

        private final Random random;
        private final String tempAbsolute;
        private final List<byte[]> validLines = new ArrayList<>();
        private final ArrayDeque<byte[]> recentRequests = new ArrayDeque<>();
        private final Set<Integer> bigLineSlots = new java.util.HashSet<>();
        private int bigLinesMade;
        private int deepLinesMade;

        Generator(Random random, Path temp) {
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
            byte[] bytes = Generated.serialise(line, random.nextBoolean());
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
                return Generated.raw(Generated.serialise(node, false), "unusable id");
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
                return Generated.raw(Generated.serialise(node, false), "notification");
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

    // ------------------------------------------------------------------ the oracle

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

    static final class Oracle {

        private Oracle() {}

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
            if (line.length > MAX_LINE) {
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
            if (!wellFormed || !TOOLS.contains(name.asText())) {
                return Expected.error(lineNo, key, Set.of(-32602), preview);
            }
            return new Expected(lineNo, Outcome.RESPONSE, key, Set.of(), true, true, pristine && mustFail, 
                    preview);
        }

        private static Expected refuse(int lineNo, String key, String preview) {
            return key == null ? Expected.nullError(lineNo, -32600, preview)
                    : Expected.error(lineNo, key, Set.of(-32600), preview);
        }

        /** The identity of an id on the wire: its exact text, or its integer value. */
        static String key(JsonNode id) {
            if (id == null || id.isNull()) {
                return null;
            }
            if (id.isTextual()) {
                return "s:" + id.asText();
            }
            return "n:" + id.bigIntegerValue();
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

    // ------------------------------------------------------------------ what came back

    /** One line the server wrote, already checked to be a JSON-RPC 2.0 message. */
    record Received(int index, JsonNode node, boolean valid, boolean response, String idKey) {

        static Received parse(byte[] raw, int index, List<String> violations) {
            String text;
            try {
                text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(raw)).toString();
            } catch (CharacterCodingException e) {
                return invalid(index, "stdout line " + index + " is not UTF-8: " + previewBytes(raw), violations);
            }
            JsonNode node;
            try {
                node = STRICT.readTree(text);
            } catch (JsonProcessingException e) {
                return invalid(index, "stdout line " + index + " is not JSON: " + previewBytes(raw), violations);
            }
            if (!node.isObject() || !"2.0".equals(node.path("jsonrpc").textValue())) {
                return invalid(index, "stdout line " + index + " is not a JSON-RPC 2.0 object: " + preview(node),
                        violations);
            }
            if (node.has("method")) {
                JsonNode id = node.get("id");
                boolean ok = node.get("method").isTextual() && !node.has("result") && !node.has("error")
                        && (id == null || id.isTextual() || id.isIntegralNumber());
                if (!ok) {
                    return invalid(index, "stdout line " + index + " is a malformed server message: " + preview(node),
                            violations);
                }
                return new Received(index, node, true, false, null);
            }
            JsonNode id = node.get("id");
            boolean hasResult = node.has("result");
            boolean hasError = node.has("error");
            boolean idOk = id != null && (id.isNull() || id.isTextual() || id.isIntegralNumber());
            boolean errorOk = !hasError || (node.get("error").isObject()
                    && node.get("error").path("code").isIntegralNumber()
                    && node.get("error").path("code").canConvertToInt()
                    && node.get("error").path("message").isTextual());
            if (!idOk || hasResult == hasError || !errorOk) {
                return invalid(index, "stdout line " + index + " is not a valid JSON-RPC response: " + preview(node),
                        violations);
            }
            if (id.isNull() && !hasError) {
                violations.add("stdout line " + index + " is a result with id null: " + preview(node));
            }
            return new Received(index, node, true, true, Oracle.key(id));
        }

        private static Received invalid(int index, String why, List<String> violations) {
            violations.add(why);
            return new Received(index, NODES.nullNode(), false, false, null);
        }

        static String preview(JsonNode node) {
            return abbreviate(node.toString());
        }
    }

    static String previewBytes(byte[] bytes) {
        int n = Math.min(bytes.length, 160);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            int b = bytes[i] & 0xff;
            out.append(b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02x", b));
        }
        return bytes.length > n ? out + "...(" + bytes.length + " bytes)" : out.toString();
    }

    static String abbreviate(String text) {
        if (text == null) {
            return "null";
        }
        return text.length() > 300 ? text.substring(0, 300) + "...(" + text.length() + " chars)" : text;
    }

    /** Reads raw lines (split on newline only) from the server's stdout, so that no byte goes unchecked. */
    static final class LineSource {

        private final InputStream in;

        LineSource(InputStream in) {
            this.in = new BufferedInputStream(in, 1 << 16);
        }

        byte[] next() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = in.read(); b != -1; b = in.read()) {
                if (b == '\n') {
                    return line.toByteArray();
                }
                line.write(b);
            }
            return line.size() == 0 ? null : line.toByteArray();
        }
    }
}
