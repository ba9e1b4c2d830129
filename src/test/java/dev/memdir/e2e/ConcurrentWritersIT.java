package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LineSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Writers racing on one file lose nothing: several server processes on one root, each driven by its own
 * client thread, and several threads pipelining on one connection, all insert unique lines at line 0.
 * Sizes come from system properties so that scripts/torture can scale them up.
 */
class ConcurrentWritersIT {

    private static final int PROCESSES = Integer.getInteger("memdir.torture.processes", 4);
    private static final int INSERTS = Integer.getInteger("memdir.torture.inserts", 100);
    private static final int THREADS = Integer.getInteger("memdir.torture.threads", 2);
    private static final int THREAD_INSERTS = Integer.getInteger("memdir.torture.threadInserts", 50);

    /** What the file holds before the race; every insert lands above it, so it ends the file afterwards. */
    private static final String INITIAL = "# kept below every insert\nlast initial line\n";

    @TempDir
    Path temp;

    private final List<LineSession> sessions = new ArrayList<>();
    private final ExecutorService writers = Executors.newCachedThreadPool();

    @AfterEach
    void stopEverythingStarted() {
        writers.shutdownNow();
        sessions.forEach(LineSession::close);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shared.md", "MEMORY.md"})
    void processesInsertingIntoOneFileLoseNoLine(String name) throws Exception {
        long started = System.nanoTime();
        Path root = temp.resolve("memory");
        for (int p = 0; p < PROCESSES; p++) {
            sessions.add(LineSession.start(JarLauncher.recommended("--root", root.toString()),
                    temp.resolve("p" + p + ".log")));
        }
        for (LineSession session : sessions) {
            session.initialize();
        }
        String path = "/memories/" + name;
        createInitial(sessions.get(0), path);

        List<String> prefixes = prefixes("p", PROCESSES);
        int overBudget = race(sessions, prefixes, path, INSERTS, 0, name.equals("MEMORY.md"));

        for (LineSession session : sessions) {
            assertThat(session.closeAndWait(Duration.ofSeconds(30))).isZero();
            assertThat(session.notJson()).isEmpty();
        }
        Checked checked = checkEveryLineOnce(root.resolve(name), prefixes, INSERTS);
        System.out.printf("[torture] ConcurrentWritersIT file=%s processes=%d inserts=%d lines=%d writerSwitches=%d"
                        + " overBudgetAnswers=%d seconds=%.1f%n", name, PROCESSES, INSERTS, checked.lines(),
                checked.writerSwitches(), overBudget, seconds(started));
    }

    @Test
    void threadsPipeliningOnOneConnectionLoseNoLine() throws Exception {
        long started = System.nanoTime();
        Path root = temp.resolve("memory");
        LineSession session = LineSession.start(JarLauncher.recommended("--root", root.toString()),
                temp.resolve("one.log"));
        sessions.add(session);
        session.initialize();
        String path = "/memories/threads.md";
        createInitial(session, path);

        List<String> prefixes = prefixes("t", THREADS);
        // A short pause between sends lets the threads' lines interleave on the connection.
        race(Collections.nCopies(THREADS, session), prefixes, path, THREAD_INSERTS, 50_000, false);

        assertThat(session.closeAndWait(Duration.ofSeconds(30))).isZero();
        assertThat(session.notJson()).isEmpty();
        Checked checked = checkEveryLineOnce(root.resolve("threads.md"), prefixes, THREAD_INSERTS);
        System.out.printf("[torture] ConcurrentWritersIT oneProcess threads=%d inserts=%d lines=%d writerSwitches=%d"
                + " seconds=%.1f%n", THREADS, THREAD_INSERTS, checked.lines(), checked.writerSwitches(),
                seconds(started));
    }

    /** {@code count} writers' tags: the letter and the writer's number. */
    private static List<String> prefixes(String letter, int count) {
        return IntStream.range(0, count).mapToObj(writer -> letter + writer).toList();
    }

    /**
     * Lets one writer a prefix (writer {@code w} on {@code writerSessions.get(w)}) send its inserts all at once, and
     * returns how many answers carried the index's over-budget note.
     */
    private int race(List<LineSession> writerSessions, List<String> prefixes, String path, int count, long pauseNanos,
            boolean index) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<Future<List<CompletableFuture<JsonNode>>>> sent = new ArrayList<>();
        for (int w = 0; w < prefixes.size(); w++) {
            LineSession session = writerSessions.get(w);
            String prefix = prefixes.get(w);
            sent.add(writers.submit(() -> pipelineInserts(session, path, prefix, count, go, pauseNanos)));
        }
        go.countDown();
        return collectAnswers(path, sent, prefixes.size() * count, index);
    }

    /** Creates the file every writer inserts into, with {@code INITIAL} in it. */
    private static void createInitial(LineSession session, String path) throws Exception {
        JsonNode created = session.call("create", Map.of("path", path, "file_text", INITIAL)).get(30, TimeUnit.SECONDS);
        assertThat(created.path("result").path("isError").asBoolean()).as(created.toString()).isFalse();
    }

    /** Waits for the latch, then sends every insert without waiting for answers, {@code pauseNanos} apart. */
    private static List<CompletableFuture<JsonNode>> pipelineInserts(LineSession session, String path,
            String prefix, int count, CountDownLatch go, long pauseNanos) throws Exception {
        go.await();
        List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (pauseNanos > 0) {
                LockSupport.parkNanos(pauseNanos);
            }
            answers.add(session.call("insert", Map.of("path", path, "insert_line", 0,
                    "insert_text", prefix + "-" + i)));
        }
        return answers;
    }

    /**
     * Checks that every call was answered as a successful insert within a deadline that grows with the
     * number of calls, and returns how many answers carried the index's over-budget note.
     */
    private static int collectAnswers(String path, List<Future<List<CompletableFuture<JsonNode>>>> sent,
            int calls, boolean index) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60) + TimeUnit.MILLISECONDS.toNanos(25L * calls);
        int answered = 0;
        int overBudget = 0;
        for (Future<List<CompletableFuture<JsonNode>>> writer : sent) {
            for (CompletableFuture<JsonNode> answer : writer.get(left(deadline), TimeUnit.NANOSECONDS)) {
                JsonNode response = answer.get(left(deadline), TimeUnit.NANOSECONDS);
                assertThat(response.has("error")).as("a JSON-RPC error instead of a result: %s", response).isFalse();
                JsonNode result = response.path("result");
                String text = result.path("content").path(0).path("text").asText();
                assertThat(text).as(response.toString()).startsWith("The file " + path + " has been edited.");
                if (result.path("isError").asBoolean()) {
                    // The index's write-then-check loop: the write stood, the answer flags the budget.
                    assertThat(index).as("isError on a plain file: %s", response).isTrue();
                    assertThat(text).contains("Over budget: the write succeeded");
                    overBudget++;
                }
                answered++;
            }
        }
        assertThat(answered).isEqualTo(calls);
        return overBudget;
    }

    /**
     * Checks that the file is the initial content below exactly one copy of every inserted line, each
     * writer's lines in reverse order of sending (every insert went to the top); returns the lines inserted.
     */
    private static Checked checkEveryLineOnce(Path file, List<String> prefixes, int each) throws Exception {
        String content = Files.readString(file);
        assertThat(content).as("the initial content still ends the file").endsWith("\n" + INITIAL);
        String inserted = content.substring(0, content.length() - INITIAL.length() - 1);
        String[] lines = inserted.split("\n", -1);

        Map<String, Integer> counts = new HashMap<>();
        for (String line : lines) {
            counts.merge(line, 1, Integer::sum);
        }
        Set<String> missing = new LinkedHashSet<>();
        for (String prefix : prefixes) {
            for (int i = 0; i < each; i++) {
                if (!counts.containsKey(prefix + "-" + i)) {
                    missing.add(prefix + "-" + i);
                }
            }
        }
        Map<String, Integer> duplicated = new TreeMap<>();
        counts.forEach((line, count) -> {
            if (count > 1) {
                duplicated.put(line, count);
            }
        });
        Set<String> expected = new LinkedHashSet<>();
        prefixes.forEach(prefix -> {
            for (int i = 0; i < each; i++) {
                expected.add(prefix + "-" + i);
            }
        });
        List<String> unexpected = counts.keySet().stream().filter(line -> !expected.contains(line)).sorted()
                .limit(20).toList();
        assertThat(missing.stream().limit(20).toList()).as("lost lines (%d of them, first 20 shown)", missing.size())
                .isEmpty();
        assertThat(duplicated).as("lines present more than once").isEmpty();
        assertThat(unexpected).as("lines nobody inserted").isEmpty();
        assertThat(lines).hasSize(prefixes.size() * each);

        Map<String, Integer> lastSeen = new HashMap<>();
        int switches = 0;
        String previous = null;
        for (String line : lines) {
            int dash = line.lastIndexOf('-');
            String prefix = line.substring(0, dash);
            if (previous != null && !previous.equals(prefix)) {
                switches++;
            }
            previous = prefix;
            int number = Integer.parseInt(line.substring(dash + 1));
            Integer above = lastSeen.put(prefix, number);
            assertThat(above == null || above > number)
                    .as("%s's inserts are out of order: %s-%d above %s", prefix, prefix, above, line).isTrue();
        }
        return new Checked(lines.length, switches);
    }

    /** The lines inserted, and how often the writer changes from one line to the next (how mixed the race was). */
    private record Checked(int lines, int writerSwitches) {}

    private static long left(long deadline) {
        return Math.max(1, deadline - System.nanoTime());
    }

    private static double seconds(long started) {
        return (System.nanoTime() - started) / 1e9;
    }
}
