package dev.memdir.e2e;

import static dev.memdir.e2e.Fuzzing.JSON;
import static dev.memdir.e2e.Fuzzing.NODES;
import static dev.memdir.e2e.Fuzzing.key;
import static dev.memdir.e2e.Fuzzing.obj;
import static dev.memdir.e2e.Fuzzing.request;
import static dev.memdir.e2e.Fuzzing.tail;
import static dev.memdir.e2e.Fuzzing.toolCall;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.FuzzStdout.LineSource;
import dev.memdir.e2e.FuzzStdout.Received;
import dev.memdir.e2e.LegacyFuzzOracle.Expected;
import dev.memdir.e2e.LegacyFuzzOracle.Report;
import dev.memdir.e2e.LegacyFuzzScript.Generated;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LineSession;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
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
 * <p>System properties: {@code memdir.torture.fuzzLines} (default 1000), {@code memdir.torture.seed}
 * (default: random; printed, and quoted in every failure).
 */
class LegacyProtocolFuzzIT {

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
        int lines = Integer.getInteger("memdir.torture.fuzzLines", 1000);
        String tag = "[LegacyProtocolFuzzIT seed=" + seed + " lines=" + lines + "] ";
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

            LegacyFuzzScript generator = new LegacyFuzzScript(new Random(seed), temp);
            List<Expected> expected = Collections.synchronizedList(new ArrayList<>());
            AtomicReference<Throwable> writerFailure = new AtomicReference<>();
            long[] sent = new long[3]; // generated lines, wire lines, bytes
            Thread writer = new Thread(() -> {
                try {
                    for (int i = 0; i < lines; i++) {
                        Generated line = generator.next(i, lines);
                        List<Expected> outcome = LegacyFuzzOracle.classify(line, i);
                        expected.addAll(outcome);
                        writeLine(stdin, line.bytes());
                        sent[0]++;
                        sent[1] += outcome.size();
                        sent[2] += line.bytes().length + 1;
                    }
                    Generated last = Generated.pristine(toolCall(FINAL_ID, "view", obj("path", "/memories")), false,
                            "final view");
                    expected.addAll(LegacyFuzzOracle.classify(last, lines));
                    writeLine(stdin, last.bytes());
                } catch (Throwable e) {
                    writerFailure.set(e);
                }
            }, "fuzz-writer");

            List<String> violations = Collections.synchronizedList(new ArrayList<>());
            FuzzStdout reading = new FuzzStdout(stdout, key(NODES.textNode(FINAL_ID)), violations,
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

            Report report = LegacyFuzzOracle.check(expected, received, violations);
            Received last = received.stream().filter(r -> r.response()
                    && key(NODES.textNode(FINAL_ID)).equals(r.idKey())).findFirst().orElseThrow();
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
        try (LineSession session = LineSession.start(temp.resolve("memory"), temp.resolve("stderr.log"))) {
            session.initialize();
            session.send("{\"jsonrpc\":\"2.0\",\"id\":\"a\\ud800b\",\"method\":\"ping\"}");
            assertThat(session.next().path("id").asText()).isEqualTo("a\ud800b");
        }
    }

    /** A {@code memdir://instructions/for/} URI whose path has a bad %-escape or a NUL is invalid params. */
    @Test
    void aMalformedInstructionsForUriIsInvalidParams() throws Exception {
        try (LineSession session = LineSession.start(temp.resolve("memory"), temp.resolve("stderr.log"))) {
            session.initialize();
            for (String uri : List.of("memdir://instructions/for/%zz", "memdir://instructions/for/a%00b")) {
                session.send(JSON.writeValueAsString(request(NODES.textNode(uri), "resources/read", obj("uri", uri))));
                JsonNode answer = session.next();
                assertThat(answer.path("error").path("code").asInt()).as(uri).isEqualTo(-32602);
            }
        }
    }

    /** {@code logging/setLevel} without params is invalid params, like the other methods' bad params. */
    @Test
    void setLevelWithoutParamsIsInvalidParams() throws Exception {
        try (LineSession session = LineSession.start(temp.resolve("memory"), temp.resolve("stderr.log"))) {
            session.initialize();
            session.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"logging/setLevel\"}");
            assertThat(session.next().path("error").path("code").asInt()).isEqualTo(-32602);
        }
    }



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
}
