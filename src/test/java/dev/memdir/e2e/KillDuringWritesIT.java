package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.TortureSeed;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LineSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 in the middle of pipelined writes, again and again on one root. After every kill the disk
 * must be exactly what some prefix of the sent writes makes it (at least every answered write, at most
 * every sent one): each file old or new, never torn, never mixed. A temp file may be left behind, and the
 * next start must remove it before it answers. Sizes and the seed come from system properties.
 */
class KillDuringWritesIT {

    private static final int KILLS = Integer.getInteger("memdir.torture.kills", 12);
    /** Steps per burst; each step creates a big file, rewrites a known file, and renames and deletes one. */
    private static final int BURST = Integer.getInteger("memdir.torture.burst", 12);
    private static final int MAX_DELAY_MS = Integer.getInteger("memdir.torture.maxKillDelayMs", 200);

    private static final List<String> KNOWN = List.of("a.md", "b.md", "c.md", "d.md", "e.md");
    private static final String TEMP_PREFIX = ".memdir-tmp-";
    private static final String LOCK = ".memdir.lock";
    private static final String USAGE_LEDGER = ".memdir-usage";

    @TempDir
    Path temp;

    private LineSession current;

    @AfterEach
    void stopTheServerStarted() {
        if (current != null) {
            current.close();
        }
    }

    @Test
    void everyKillLeavesOldOrNewContentAndTheNextStartRemovesTempFiles() throws Exception {
        long seed = TortureSeed.announce("KillDuringWritesIT");
        Random random = new Random(seed);
        long started = System.nanoTime();
        Path root = Files.createDirectories(temp.resolve("memory"));
        Map<String, String> state = new TreeMap<>();
        for (String name : KNOWN) {
            state.put(name, version(name, 0));
            Files.writeString(root.resolve(name), state.get(name));
        }

        Figures figures = new Figures();
        LineSession session = startAndCheckClean(root, state, 0, seed);
        for (int kill = 1; kill <= KILLS; kill++) {
            String where = "kill #" + kill + " (seed " + seed + ")";
            List<Op> ops = burst(kill, state, random);
            Sender sender = new Sender(session, ops);
            int delay = 2 + random.nextInt(Math.max(1, MAX_DELAY_MS - 1));
            sender.start();
            Thread.sleep(delay);
            session.kill();
            sender.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(sender.isAlive()).as("%s: the sender is still writing to a dead process", where).isFalse();

            int answered = sender.answeredPrefix(where);
            Disk disk = Disk.read(root);
            checkEachFile(disk, state, ops, where);
            int executed = matchingPrefix(disk.files(), state, ops, answered, sender.attempted(), where);
            state = apply(state, ops.subList(0, executed));
            figures.add(ops.size(), sender.attempted(), answered, executed, disk.temps());

            session = startAndCheckClean(root, state, kill, seed);
        }
        assertThat(session.closeAndWait(Duration.ofSeconds(30))).isZero();
        System.out.printf("[torture] KillDuringWritesIT kills=%d seed=%d burst=%d %s seconds=%.1f%n", KILLS, seed,
                BURST, figures, (System.nanoTime() - started) / 1e9);
    }

    /**
     * Starts a server on the root and checks that once it answers initialize no temp file is left anywhere,
     * that it changed no file, and that {@code view /memories} lists exactly the files and no hidden entry.
     */
    private LineSession startAndCheckClean(Path root, Map<String, String> state, int kill,
            long seed) throws Exception {
        String where = "start after kill #" + kill + " (seed " + seed + ")";
        current = LineSession.start(JarLauncher.recommended("--root", root.toString()), temp.resolve("servers.log"));
        current.initialize();

        Disk disk = Disk.read(root);
        assertThat(disk.temps()).as("%s: temp files the start should have removed", where).isEmpty();
        assertThat(disk.files().keySet()).as("%s: files on disk", where).isEqualTo(state.keySet());
        for (Map.Entry<String, String> file : state.entrySet()) {
            assertThat(disk.files().get(file.getKey()).equals(file.getValue()))
                    .as("%s: %s changed by the start", where, file.getKey()).isTrue();
        }

        JsonNode view = current.call("view", Map.of("path", "/memories")).get(30, TimeUnit.SECONDS);
        assertThat(view.path("result").path("isError").asBoolean()).as("%s: %s", where, view).isFalse();
        String listing = view.path("result").path("content").path(0).path("text").asText();
        assertThat(listing).as("%s: the listing shows hidden entries", where)
                .doesNotContain(TEMP_PREFIX).doesNotContain(LOCK).doesNotContain("\t/memories/.");
        Set<String> listedFiles = listing.lines().skip(1)
                .map(line -> line.substring(line.indexOf('\t') + 1))
                .filter(path -> !path.endsWith("/") && !path.equals("/memories"))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> expected = state.keySet().stream().map(path -> "/memories/" + path)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(listedFiles).as("%s: files listed by view /memories", where).isEqualTo(expected);
        assertThat(current.notJson()).as("%s: stdout lines that are not JSON", where).isEmpty();
        return current;
    }

    /** The plain per-file verdicts, for a clear message before the whole-disk comparison. */
    private static void checkEachFile(Disk disk, Map<String, String> before, List<Op> ops, String where) {
        for (String name : KNOWN) {
            String content = disk.files().get(name);
            assertThat(content).as("%s: %s vanished", where, name).isNotNull();
            int version = versionOf(name, content);
            assertThat(version >= 0 && content.equals(version(name, version)))
                    .as("%s: %s holds none of its versions (%d bytes, starting %s) - torn or mixed", where, name,
                            content.length(), content.substring(0, Math.min(40, content.length())))
                    .isTrue();
        }
        Map<String, String> intended = new TreeMap<>();
        before.forEach((path, content) -> intended.put(fileName(path), content));
        ops.stream().filter(op -> op.tool().equals("create"))
                .forEach(op -> intended.put(fileName(op.path()), (String) op.arguments().get("file_text")));
        disk.files().forEach((path, content) -> {
            if (KNOWN.contains(path)) {
                return;
            }
            String wanted = intended.get(fileName(path));
            assertThat(wanted).as("%s: %s was never written", where, path).isNotNull();
            assertThat(content.equals(wanted))
                    .as("%s: %s holds %d bytes, not its full %d bytes", where, path, content.length(), wanted.length())
                    .isTrue();
        });
    }

    /**
     * Returns how many of the sent writes the disk shows done: the smallest n, at least {@code answered}
     * and at most {@code attempted}, such that the first n writes applied to {@code before} give the disk.
     */
    private static int matchingPrefix(Map<String, String> disk, Map<String, String> before, List<Op> ops,
            int answered, int attempted, String where) {
        Map<String, String> model = new TreeMap<>(before);
        for (int n = 0; n <= attempted; n++) {
            if (n >= answered && model.equals(disk)) {
                return n;
            }
            if (n < attempted) {
                ops.get(n).apply(model);
            }
        }
        Map<String, String> atAnswered = apply(before, ops.subList(0, answered));
        throw new AssertionError(where + ": the disk matches no prefix of the writes between the " + answered
                + " answered and the " + attempted + " sent. Against the answered ones: " + diff(atAnswered, disk));
    }

    private static String diff(Map<String, String> expected, Map<String, String> actual) {
        List<String> differences = new ArrayList<>();
        Set<String> paths = new TreeSet<>(expected.keySet());
        paths.addAll(actual.keySet());
        for (String path : paths) {
            String want = expected.get(path);
            String have = actual.get(path);
            if (!Objects.equals(want, have)) {
                differences.add(path + " expected " + describe(want) + " but is " + describe(have));
            }
        }
        return String.join("; ", differences);
    }

    private static String describe(String content) {
        if (content == null) {
            return "absent";
        }
        return content.length() + " bytes starting '" + content.substring(0, Math.min(30, content.length()))
                .replace("\n", "\\n") + "'";
    }

    /**
     * The writes of one burst, all valid from {@code state} in order: per step, create a big new file,
     * rewrite a known file whole, move the previous step's file into another directory, and delete one
     * file left from earlier bursts (so the root stays small however many kills there are).
     */
    private static List<Op> burst(int round, Map<String, String> state, Random random) {
        Map<String, String> model = new TreeMap<>(state);
        Iterator<String> leftovers = state.keySet().stream().filter(path -> !KNOWN.contains(path)).toList().iterator();
        List<Op> ops = new ArrayList<>();
        for (int step = 0; step < BURST; step++) {
            String fresh = "new/r" + round + "-" + step + ".md";
            add(ops, model, Op.create(fresh, bigContent(fresh, random)));
            String known = KNOWN.get((round + step) % KNOWN.size());
            String old = model.get(known);
            add(ops, model, Op.replace(known, old, version(known, versionOf(known, old) + 1)));
            if (step > 0) {
                String previous = "r" + round + "-" + (step - 1) + ".md";
                add(ops, model, Op.rename("new/" + previous, "moved/" + previous));
            }
            if (leftovers.hasNext()) {
                add(ops, model, Op.delete(leftovers.next()));
            }
        }
        return ops;
    }

    private static void add(List<Op> ops, Map<String, String> model, Op op) {
        assertThat(op.apply(model)).as("generated write %s is valid", op).isTrue();
        ops.add(op);
    }

    private static Map<String, String> apply(Map<String, String> state, List<Op> ops) {
        Map<String, String> model = new TreeMap<>(state);
        ops.forEach(op -> op.apply(model));
        return model;
    }

    /** Version {@code v} of a known file: a header naming it, then text of a size that varies by version. */
    static String version(String name, int v) {
        Random random = new Random(Objects.hash(name, v));
        int size = v % 4 == 3 ? 10 + random.nextInt(300) : 5_000 + random.nextInt(55_000);
        StringBuilder text = new StringBuilder("# " + name + " version " + v + "\n");
        while (text.length() < size) {
            text.append(name).append(" v").append(v).append(" at ").append(text.length()).append(": ")
                    .append(Long.toHexString(random.nextLong())).append('\n');
        }
        return text.toString();
    }

    /** Returns the version a known file's header names, or -1 when there is no such header. */
    static int versionOf(String name, String content) {
        String header = "# " + name + " version ";
        int end = content.indexOf('\n');
        if (!content.startsWith(header) || end < 0) {
            return -1;
        }
        try {
            return Integer.parseInt(content.substring(header.length(), end));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** 50 to 90 KB of text (under the 100 KiB cap), different for every file. */
    private static String bigContent(String path, Random random) {
        int size = 50_000 + random.nextInt(40_000);
        StringBuilder text = new StringBuilder("# created as " + path + "\n");
        while (text.length() < size) {
            text.append(path).append(' ').append(text.length()).append(' ')
                    .append(Long.toHexString(random.nextLong())).append('\n');
        }
        return text.toString();
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** One write as sent, and what it does to a model of the root (relative path to content). */
    record Op(String tool, String path, Map<String, Object> arguments) {

        static Op create(String path, String text) {
            return new Op("create", path, Map.of("path", "/memories/" + path, "file_text", text));
        }

        static Op replace(String path, String oldStr, String newStr) {
            return new Op("str_replace", path, Map.of("path", "/memories/" + path, "old_str", oldStr,
                    "new_str", newStr));
        }

        static Op rename(String from, String to) {
            return new Op("rename", from, Map.of("old_path", "/memories/" + from, "new_path", "/memories/" + to));
        }

        static Op delete(String path) {
            return new Op("delete", path, Map.of("path", "/memories/" + path));
        }

        /** Applies the write to the model; returns false (model unchanged) where the server must refuse it. */
        boolean apply(Map<String, String> model) {
            switch (tool) {
                case "create":
                    return model.putIfAbsent(path, (String) arguments.get("file_text")) == null;
                case "str_replace": {
                    String content = model.get(path);
                    String oldStr = (String) arguments.get("old_str");
                    int at = content == null ? -1 : content.indexOf(oldStr);
                    if (at < 0 || content.indexOf(oldStr, at + 1) >= 0) {
                        return false;
                    }
                    model.put(path, content.substring(0, at) + arguments.get("new_str")
                            + content.substring(at + oldStr.length()));
                    return true;
                }
                case "rename": {
                    String to = ((String) arguments.get("new_path")).substring("/memories/".length());
                    if (model.containsKey(to) || !model.containsKey(path)) {
                        return false;
                    }
                    model.put(to, model.remove(path));
                    return true;
                }
                case "delete":
                    return model.remove(path) != null;
                default:
                    throw new IllegalStateException(tool);
            }
        }

        @Override
        public String toString() {
            return tool + " " + arguments.getOrDefault("path", arguments.get("old_path") + " -> "
                    + arguments.get("new_path"));
        }
    }

    /** Sends a burst in order without waiting for answers, until done or the pipe breaks under the kill. */
    private static final class Sender extends Thread {

        private final LineSession session;
        private final List<Op> ops;
        private final List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
        private volatile int attempted;

        Sender(LineSession session, List<Op> ops) {
            super("burst-sender");
            this.session = session;
            this.ops = ops;
            setDaemon(true);
        }

        @Override
        public void run() {
            for (Op op : ops) {
                // Counted before the line goes out: a line cut short by the kill is never run, a whole one may be.
                attempted++;
                try {
                    CompletableFuture<JsonNode> answer = session.call(op.tool(), op.arguments());
                    synchronized (answers) {
                        answers.add(answer);
                    }
                } catch (IOException brokenPipe) {
                    return;
                }
            }
        }

        int attempted() {
            return attempted;
        }

        /**
         * Returns how many writes were answered, checking that the answers form a prefix (one worker runs
         * them in order) and that each says the write succeeded, as every write of a burst must.
         */
        int answeredPrefix(String where) {
            List<CompletableFuture<JsonNode>> all;
            synchronized (answers) {
                all = List.copyOf(answers);
            }
            int answered = 0;
            for (int i = 0; i < all.size(); i++) {
                CompletableFuture<JsonNode> answer = all.get(i);
                if (!answer.isDone() || answer.isCompletedExceptionally()) {
                    for (int later = i + 1; later < all.size(); later++) {
                        CompletableFuture<JsonNode> after = all.get(later);
                        assertThat(after.isDone() && !after.isCompletedExceptionally())
                                .as("%s: write %d answered but write %d not", where, later, i).isFalse();
                    }
                    break;
                }
                JsonNode response = answer.join();
                assertThat(response.has("error") || response.path("result").path("isError").asBoolean())
                        .as("%s: write %d (%s) failed: %s", where, i, ops.get(i), abbreviate(response)).isFalse();
                answered++;
            }
            return answered;
        }

        private static String abbreviate(JsonNode response) {
            String text = response.toString();
            return text.length() > 400 ? text.substring(0, 400) + "..." : text;
        }
    }

    /** The root as seen with no server running: regular files by relative path, and temp files apart. */
    private record Disk(Map<String, String> files, List<String> temps) {

        static Disk read(Path root) throws IOException {
            Map<String, String> files = new TreeMap<>();
            List<String> temps = new ArrayList<>();
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path path : (Iterable<Path>) walk::iterator) {
                    if (Files.isDirectory(path)) {
                        continue;
                    }
                    String relative = root.relativize(path).toString().replace('\\', '/');
                    String name = path.getFileName().toString();
                    assertThat(Files.isRegularFile(path)).as("%s is not a regular file", relative).isTrue();
                    if (name.startsWith(TEMP_PREFIX)) {
                        temps.add(relative);
                    } else if (!relative.equals(LOCK) && !relative.equals(USAGE_LEDGER)
                            && !relative.startsWith(".memdir-history/")) {
                        // History versions are checked whole after kills by HistoryIT; their temps count above.
                        assertThat(name).as("unexpected hidden file %s", relative).doesNotStartWith(".");
                        files.put(relative, new String(Files.readAllBytes(path), StandardCharsets.UTF_8));
                    }
                }
            }
            return new Disk(files, temps);
        }
    }

    /** Totals over all kills, printed for scripts/torture. */
    private static final class Figures {

        private int writes;
        private int sent;
        private int answered;
        private int executed;
        private int killedMidBurst;
        private int doneButUnanswered;
        private int killsLeavingTempFiles;
        private int tempFiles;
        private int tempFilesBelowTheRoot;

        void add(int burst, int sentNow, int answeredNow, int executedNow, List<String> temps) {
            writes += burst;
            sent += sentNow;
            answered += answeredNow;
            executed += executedNow;
            killedMidBurst += executedNow < burst ? 1 : 0;
            doneButUnanswered += executedNow > answeredNow ? 1 : 0;
            killsLeavingTempFiles += temps.isEmpty() ? 0 : 1;
            tempFiles += temps.size();
            tempFilesBelowTheRoot += (int) temps.stream().filter(path -> path.contains("/")).count();
        }

        @Override
        public String toString() {
            return "writes=" + writes + " sent=" + sent + " answered=" + answered + " done=" + executed
                    + " killedMidBurst=" + killedMidBurst + " doneButUnanswered=" + doneButUnanswered
                    + " tempFilesSeenAfterKill=" + killsLeavingTempFiles + " tempFiles=" + tempFiles
                    + " tempFilesInSubdirectories=" + tempFilesBelowTheRoot;
        }
    }
}
