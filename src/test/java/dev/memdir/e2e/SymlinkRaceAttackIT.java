package dev.memdir.e2e;

import static dev.memdir.e2e.support.McpHttp.text;
import static dev.memdir.e2e.support.McpHttp.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import dev.memdir.memory.render.Messages;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20, point 8: a process on the host with write access to principal x's namespace folder swaps x's directory
 * {@code d} with a link to principal y's namespace folder, as fast as it can, while x's client reads, views, edits,
 * inserts into, creates, deletes and renames under {@code /memories/d/...} through the real jar over HTTP. Nothing of
 * y's may reach x, y's folder stays byte for byte as it was, and each of x's answers is one a command gives: what
 * it gives without the swapper, or a refusal that names no byte of y's.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class SymlinkRaceAttackIT {

    /** Rounds of x's requests (eight requests each), a fixed count; the swapper runs until they are done. */
    private static final int ROUNDS = 300;
    private static final String Y_SECRET = "Y-SECRET-5ac1";
    private static final String Y_NAME = "y-private-name-77e2.md";
    private static final String NOTES = "/memories/d/notes.md";
    private static final String SUB = "/memories/d/sub";
    private static final String LOG = "/memories/d/log.md";
    private static final String GONE = "/memories/d/gone";
    private static final String RENAMED_A = "/memories/d/r-a.md";
    private static final String RENAMED_B = "/memories/d/r-b.md";

    /** What the system says when a name changed under a command: gone, now a link, a file, or another directory. */
    private static final List<String> CHANGED_MEANWHILE = List.of("it vanished while the command ran",
            "not a directory", "directory not empty", "file exists",
            "too many levels of symbolic links or unable to access attributes of symbolic link");

    @Test
    void swappingADirectoryForALinkToAnotherNamespace_neverReachesIt(@TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        String xToken = store.token("x");
        String yToken = store.token("y");
        try (ServingJar server = store.serve("--rate", "100000")) {
            McpHttp x = new McpHttp(server.mcp(), xToken);
            McpHttp y = new McpHttp(server.mcp(), yToken);
            Path namespaces = temp.resolve("memory/.memdir-namespaces");
            Path xDir = namespaceOf(x, namespaces, "marker-x-3f0c.md");
            Path yDir = namespaceOf(y, namespaces, "marker-y-9d14.md");
            for (String[] file : new String[][] {{NOTES, "x notes\nstate: A\n"}, {SUB + "/x-sub.md", "x sub\n"},
                    {LOG, "x log\n"}, {RENAMED_A, "x renamed\n"}}) {
                create(x, file[0], file[1]);
            }
            // y holds every name x's requests use, so that any request that reaches y's folder finds something.
            for (String[] file : new String[][] {{"/memories/notes.md", Y_SECRET + "\nstate: A\nstate: B\n"},
                    {"/memories/sub/" + Y_NAME, Y_SECRET + "\n"}, {"/memories/log.md", Y_SECRET + "\n"},
                    {"/memories/gone/y.md", Y_SECRET + "\n"}, {"/memories/r-a.md", Y_SECRET + "\n"},
                    {"/memories/r-b.md", Y_SECRET + "\n"}}) {
                create(y, file[0], file[1]);
            }
            Map<String, Set<String>> expected = answersWithoutSwapper(x);
            Map<String, String> yBefore = snapshot(yDir);

            List<String[]> answers = new ArrayList<>();
            Swapper swapper = new Swapper(xDir.resolve("d"), yDir);
            swapper.start();
            try {
                for (int round = 0; round < ROUNDS; round++) {
                    for (Map.Entry<String, Request> request : round(round).entrySet()) {
                        answers.add(new String[] {request.getKey(), text(request.getValue().sentBy(x))});
                    }
                }
            } finally {
                swapper.stop();
            }

            Map<String, String> yAfter = snapshot(yDir);
            long leaks = answers.stream().filter(answer -> leaks(answer[1])).count();
            Set<String> added = minus(yAfter.keySet(), yBefore.keySet());
            long tempFiles = added.stream().filter(name -> name.contains(".memdir-tmp-")).count();
            Set<String> removed = minus(yBefore.keySet(), yAfter.keySet());
            long changed = yBefore.keySet().stream()
                    .filter(name -> yAfter.containsKey(name) && !yAfter.get(name).equals(yBefore.get(name))).count();
            List<String> unexpected = answers.stream()
                    .filter(answer -> !expected.getOrDefault(answer[0], Set.of()).contains(answer[1])
                            && !refusal(answer[0], answer[1]))
                    .map(answer -> answer[0] + " -> " + answer[1]).toList();
            System.err.printf("SymlinkRaceAttackIT: %d requests of x, %d swaps, %d answers with y's bytes, y's folder:"
                    + " %d entries added (%d temp files), %d removed, %d changed; %d unexpected answers; swapper failure:"
                    + " %s; answers: %s%n", answers.size(), swapper.swaps(), leaks, added.size(), tempFiles,
                    removed.size(), changed, unexpected.size(), swapper.failure(), tally(answers));

            SoftAssertions softly = new SoftAssertions();
            softly.assertThat(swapper.failure()).as("the swapper's failure").isNull();
            softly.assertThat(swapper.swaps()).as("swaps made while x's requests ran").isGreaterThan(ROUNDS);
            softly.assertThat(leaks).as("answers to x holding y's bytes").isZero();
            softly.assertThat(yAfter).as("y's folder after the race").isEqualTo(yBefore);
            softly.assertThat(unexpected).as("answers to x that no command gives").isEmpty();
            softly.assertThat(tempFilesIn(xDir)).as("temp files left in x's folder").isEmpty();
            softly.assertAll();
        }
    }

    /** x's requests of one round: each path x names lies under d, which the swapper swaps. */
    private static Map<String, Request> round(int round) {
        boolean even = round % 2 == 0;
        String created = "/memories/d/new-" + round + "/c.md";
        Map<String, Request> requests = new LinkedHashMap<>();
        requests.put("view notes", new Request("view", Map.of("path", NOTES)));
        requests.put("str_replace notes", new Request("str_replace", Map.of("path", NOTES,
                "old_str", even ? "state: A" : "state: B", "new_str", even ? "state: B" : "state: A")));
        requests.put("view sub", new Request("view", Map.of("path", SUB)));
        requests.put("insert log", new Request("insert", Map.of("path", LOG, "insert_line", 0,
                "insert_text", "round " + round)));
        requests.put("create " + created, new Request("create", Map.of("path", created, "file_text", "x new\n")));
        requests.put("create gone", new Request("create", Map.of("path", GONE + "/f.md", "file_text", "x gone\n")));
        requests.put("delete gone", new Request("delete", Map.of("path", GONE)));
        requests.put("rename", new Request("rename", Map.of("old_path", even ? RENAMED_A : RENAMED_B,
                "new_path", even ? RENAMED_B : RENAMED_A)));
        return requests;
    }

    /** One call of a memory tool. */
    private record Request(String name, Map<String, Object> arguments) {

        JsonNode sentBy(McpHttp principal) throws IOException, InterruptedException {
            return principal.call("tools/call", tool(name, arguments));
        }
    }

    /** The answers of two rounds without the swapper, by request: what each request answers when nothing races. */
    private static Map<String, Set<String>> answersWithoutSwapper(McpHttp x) throws Exception {
        Map<String, Set<String>> answers = new TreeMap<>();
        for (int round = -2; round < 0; round++) {
            for (Map.Entry<String, Request> request : round(round).entrySet()) {
                JsonNode answer = request.getValue().sentBy(x);
                assertThat(answer.path("result").path("isError").asBoolean(true)).as(answer.toString()).isFalse();
                answers.computeIfAbsent(request.getKey(), any -> new HashSet<>()).add(text(answer));
            }
        }
        for (int round = 0; round < ROUNDS; round++) {
            String created = "/memories/d/new-" + round + "/c.md";
            answers.put("create " + created, Set.of(Messages.created(created)));
        }
        return answers;
    }

    /**
     * Whether {@code answer} is a refusal a command gives for {@code request} when its path, or a directory above it,
     * is missing, a link that leaves the root, or changed under the command (the system's words for what it found):
     * exact texts, none naming anything of y's.
     */
    private static boolean refusal(String request, String answer) {
        String command = request.split(" ")[0];
        List<String> paths = Stream.of(NOTES, SUB, LOG, GONE, GONE + "/f.md", RENAMED_A, RENAMED_B,
                request.startsWith("create /") ? request.substring("create ".length()) : NOTES).toList();
        if (answer.equals(Messages.symlinkEscape())) {
            return true;
        }
        for (String path : paths) {
            if (answer.equals(Messages.notFound(path)) || answer.equals(Messages.notFoundBare(path))
                    || answer.equals(Messages.alreadyExists(path)) || answer.equals(Messages.destinationExists(path))
                    || answer.equals(Messages.notAFile(path))
                    || answer.equals(Messages.noMatch("state: A", path))
                    || answer.equals(Messages.noMatch("state: B", path))
                    || CHANGED_MEANWHILE.stream().anyMatch(reason -> answer.equals(
                            Messages.ioFailure(command, path, reason)))) {
                return true;
            }
        }
        return false;
    }

    private static boolean leaks(String answer) {
        return answer.contains(Y_SECRET) || answer.contains(Y_NAME);
    }

    /** Counts the answers by request and by their first line, for the record. */
    private static Map<String, Long> tally(List<String[]> answers) {
        Map<String, Long> tally = new TreeMap<>();
        for (String[] answer : answers) {
            String request = answer[0].startsWith("create /") ? "create new" : answer[0];
            tally.merge(request + ": " + answer[1].lines().findFirst().orElse("").replaceAll("new-\\d+", "new-N"), 1L,
                    Long::sum);
        }
        return tally;
    }

    private static void create(McpHttp principal, String path, String text) throws Exception {
        assertThat(text(principal.call("tools/call", tool("create", Map.of("path", path, "file_text", text)))))
                .isEqualTo(Messages.created(path));
    }

    /** Creates a marker file as {@code principal} and returns the folder that holds it: the principal's root. */
    private static Path namespaceOf(McpHttp principal, Path namespaces, String marker) throws Exception {
        create(principal, "/memories/" + marker, "marker\n");
        try (Stream<Path> all = Files.walk(namespaces)) {
            List<Path> found = all.filter(path -> path.getFileName().toString().equals(marker)).toList();
            assertThat(found).as("the marker " + marker + " under " + namespaces).hasSize(1);
            return found.get(0).getParent();
        }
    }

    /** Every entry below {@code top}, links not followed: files by their bytes, links by their target. */
    private static Map<String, String> snapshot(Path top) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        try (Stream<Path> all = Files.walk(top)) {
            for (Path path : all.toList()) {
                String name = top.relativize(path).toString();
                if (Files.isSymbolicLink(path)) {
                    entries.put(name, "link to " + Files.readSymbolicLink(path));
                } else if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                    entries.put(name, "directory");
                } else {
                    entries.put(name, Base64.getEncoder().encodeToString(Files.readAllBytes(path)));
                }
            }
        }
        return entries;
    }

    private static List<String> tempFilesIn(Path top) throws IOException {
        try (Stream<Path> all = Files.walk(top)) {
            return all.map(path -> top.relativize(path).toString()).filter(name -> name.contains(".memdir-tmp-"))
                    .toList();
        }
    }

    private static Set<String> minus(Set<String> from, Set<String> taken) {
        Set<String> rest = new HashSet<>(from);
        rest.removeAll(taken);
        return rest;
    }

    /**
     * Swaps {@code d} with a link to y's folder by renames, over and over: {@code d} to {@code d.real}, the link to
     * {@code d}, and back. Java has no atomic exchange, so {@code d} is briefly absent: x may create a directory there
     * meanwhile (moved aside, as x's own), and before the fix x could even delete the link.
     */
    private static final class Swapper {

        private final Path d;
        private final Path real;
        private final Path link;
        private final Path target;
        private final Thread thread;
        private final AtomicBoolean stopping = new AtomicBoolean();
        private final AtomicLong swaps = new AtomicLong();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private long asides;

        Swapper(Path d, Path yDir) throws IOException {
            this.d = d;
            this.real = d.resolveSibling("d.real");
            this.link = d.resolveSibling("d.link");
            this.target = d.getParent().relativize(yDir);
            Files.createSymbolicLink(link, target);
            this.thread = new Thread(this::run, "swapper");
        }

        void start() {
            thread.start();
        }

        private void run() {
            try {
                while (!stopping.get()) {
                    Files.move(d, real, StandardCopyOption.ATOMIC_MOVE);
                    moveOnto(link, d);
                    takeLinkBack();
                    moveOnto(real, d);
                    swaps.incrementAndGet();
                }
            } catch (IOException | RuntimeException e) {
                failure.set(e);
            }
        }

        /**
         * Renames {@code from} to {@code to}, first moving aside a directory x created at {@code to} meanwhile (x may
         * create one again before the rename: a few tries).
         */
        private void moveOnto(Path from, Path to) throws IOException {
            for (int tries = 1; ; tries++) {
                try {
                    Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
                    return;
                } catch (FileSystemException createdByX) {
                    if (tries == 100) {
                        throw createdByX;
                    }
                    moveAside(to);
                }
            }
        }

        /** Moves the link at {@code d} back to its own name, or makes it again when x took it away. */
        private void takeLinkBack() throws IOException {
            try {
                Files.move(d, link, StandardCopyOption.ATOMIC_MOVE);
            } catch (NoSuchFileException removedByX) {
                // made again below
            }
            if (!Files.isSymbolicLink(link)) {
                moveAside(link);
                Files.createSymbolicLink(link, target);
            }
        }

        private void moveAside(Path path) throws IOException {
            try {
                Files.move(path, path.resolveSibling("d.aside-" + asides++), StandardCopyOption.ATOMIC_MOVE);
            } catch (NoSuchFileException removedByX) {
                // nothing to move aside
            }
        }

        void stop() throws InterruptedException {
            stopping.set(true);
            thread.join(TimeUnit.SECONDS.toMillis(60));
        }

        long swaps() {
            return swaps.get();
        }

        Throwable failure() {
            return failure.get();
        }
    }
}
