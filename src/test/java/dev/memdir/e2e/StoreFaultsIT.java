package dev.memdir.e2e;

import static dev.memdir.e2e.support.LegacySdkClient.call;
import static dev.memdir.e2e.support.LegacySdkClient.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.Eventually;
import dev.memdir.TortureSeed;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.LineSession;
import dev.memdir.memory.postgres.LocalPostgres;
import dev.memdir.memory.postgres.NamespaceCounts;
import dev.memdir.memory.postgres.OpenTransactions;
import dev.memdir.memory.postgres.RowLock;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real jar on a real PostgreSQL when things go wrong: the database stopped and started under a running session,
 * the jar killed with SIGKILL mid-transaction, and the namespace locked by another session past
 * {@code --store-timeout}.
 */
class StoreFaultsIT {

    private static final String NAMESPACE = "team";
    private static final String A = "/memories/a.md";
    private static final String B = "/memories/b.md";
    private static final String UNAVAILABLE = "Error: memory store unavailable \\(.+\\)\\. Nothing was changed\\.";
    private static final String LOG_LINE = "\\d\\d:\\d\\d:\\d\\d\\.\\d{3} ";
    private static final String LISTENING = "d\\.m\\.m\\.p\\.ListeningConnection - ";
    private static final String LOST = LOG_LINE + "WARN  " + LISTENING + "Lost the connection that hears of changes"
            + " \\(.+\\); connecting again";
    private static final String HEARD_AGAIN = LOG_LINE + "INFO  " + LISTENING + "Hearing of changes again";
    private static final int ROUNDS = 5;
    private static final int EDITS_PER_ROUND = 150;
    private static final int MAX_KILL_DELAY_MS = 300;

    @TempDir
    Path temp;

    @Test
    void databaseStoppedAndStartedUnderASession_callsAnswerUnavailableAndTheSameSessionWorksAgainWithNothingKept()
            throws Exception {
        LocalPostgres server = LocalPostgres.startPrivate();
        McpSyncClient client = LegacySdkClient.start(launcher(server.freshStoreUrl()));
        try {
            working(client, "create", Map.of("path", A, "file_text", "before"));
            server.stop();

            long started = System.nanoTime();
            assertThat(failing(client, "view", Map.of("path", A))).matches(UNAVAILABLE);
            assertThat(failing(client, "create", Map.of("path", B, "file_text", "during")))
                    .matches(UNAVAILABLE);
            assertThat(failing(client, "str_replace", Map.of("path", A, "old_str", "before", "new_str", "during")))
                    .matches(UNAVAILABLE);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("three calls, each waiting about 1 s")
                    .isLessThan(Duration.ofSeconds(8));

            server.startAgain();
            // The pool tries a new connection at most 5 s apart.
            McpSchema.CallToolResult view = Eventually.value("a view once the database is back",
                    Duration.ofSeconds(15), () -> call(client, "view", Map.of("path", A)),
                    result -> !text(result).matches(UNAVAILABLE));
            assertThat(view.isError()).as(text(view)).isNotEqualTo(Boolean.TRUE);
            assertThat(text(view)).endsWith("\tbefore");
            assertThat(failing(client, "view", Map.of("path", B)))
                    .startsWith("Error: The path /memories/b.md does not exist");
            working(client, "create", Map.of("path", B, "file_text", "after"));
        } finally {
            client.closeGracefully();
            server.startAgainIfStopped();
        }
    }

    @Test
    void databaseStoppedAndStartedUnderASession_stderrSaysEachInOneLineWithNoStackTrace() throws Exception {
        LocalPostgres server = LocalPostgres.startPrivate();
        Path log = temp.resolve("memdir.log");
        try (LineSession session = LineSession.start(launcher(server.freshStoreUrl()), log)) {
            session.initialize();
            assertThat(answer(session, "create", Map.of("path", A, "file_text", "before"))).startsWith("File created");
            long stopped = Files.size(log);
            server.stop();

            assertThat(answer(session, "view", Map.of("path", A))).matches(UNAVAILABLE);
            assertThat(answer(session, "create", Map.of("path", B, "file_text", "during"))).matches(UNAVAILABLE);
            assertThat(answer(session, "str_replace", Map.of("path", A, "old_str", "before", "new_str", "during")))
                    .matches(UNAVAILABLE);
            List<String> whileStopped = awaitLines(log, stopped, LOST);

            server.startAgain();
            String view = Eventually.value("a view once the database is back", Duration.ofSeconds(30),
                    () -> answer(session, "view", Map.of("path", A)), reply -> !reply.matches(UNAVAILABLE));
            assertThat(view).endsWith("\tbefore");
            List<String> all = awaitLines(log, stopped, HEARD_AGAIN);

            assertThat(whileStopped).as("stderr while the database was stopped").singleElement().asString()
                    .matches(LOST);
            assertThat(all).as("stderr from the stop until the database was back").satisfiesExactly(
                    lost -> assertThat(lost).matches(LOST), heard -> assertThat(heard).matches(HEARD_AGAIN));
        } finally {
            server.startAgainIfStopped();
        }
    }

    @Test
    void killedMidTransaction_theFileHoldsOneWholeVersionAndTheTotalsEqualARecount() throws Exception {
        long seed = TortureSeed.announce("StoreFaultsIT");
        Random random = new Random(seed);
        String jdbcUrl = LocalPostgres.shared().freshDatabase();
        String storeUrl = LocalPostgres.shared().storeUrlOf(jdbcUrl);
        Path log = temp.resolve("memdir.log");
        try (LineSession first = LineSession.start(launcher(storeUrl), log)) {
            first.initialize();
            assertThat(first.call("create", Map.of("path", A, "file_text", OneFileEdits.FIRST))
                    .get(30, TimeUnit.SECONDS).path("result").path("isError").asBoolean()).isFalse();
            assertThat(first.closeAndWait(Duration.ofSeconds(30))).isZero();
        }
        String content = OneFileEdits.FIRST;
        int killedMidStream = 0;
        for (int round = 1; round <= ROUNDS; round++) {
            String where = "kill #" + round + " (seed " + seed + ", stderr in " + log + ")";
            OneFileEdits edits = OneFileEdits.after(A, content, round, EDITS_PER_ROUND, random);
            int answered;
            boolean inATransaction;
            try (LineSession session = LineSession.start(launcher(storeUrl), log)) {
                session.initialize();
                List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
                for (int edit = 0; edit < edits.size(); edit++) {
                    answers.add(session.call(edits.tools().get(edit), edits.arguments().get(edit)));
                }
                answers.get(0).get(30, TimeUnit.SECONDS);
                Thread.sleep(random.nextInt(MAX_KILL_DELAY_MS));
                inATransaction = OpenTransactions.in(jdbcUrl) > 0;
                session.kill();
                answered = answeredPrefix(answers, where);
            }
            content = fileText(jdbcUrl, "a.md");
            int done = edits.contents().subList(answered, edits.size() + 1).indexOf(content);
            assertThat(done).as("%s: after %d answered edits of %d, the file (%d bytes) holds none of the contents"
                    + " they may have left - torn or mixed", where, answered, edits.size(), content.length())
                    .isNotNegative();
            killedMidStream += answered + done < edits.size() ? 1 : 0;
            System.out.printf("[torture] StoreFaultsIT %s: answered=%d done=%d of %d, a transaction open=%b%n",
                    where, answered, answered + done, edits.size(), inATransaction);
            assertThat(NamespaceCounts.kept(jdbcUrl, NAMESPACE)).as("%s: the namespace's totals", where)
                    .isEqualTo(NamespaceCounts.recounted(jdbcUrl, NAMESPACE));
        }
        assertThat(killedMidStream).as("kills that cut the stream of edits short").isPositive();
    }

    @Test
    void namespaceLockedPastTheStoreTimeout_aCreateAnswersBusyChangesNothingAndWorksOnceTheLockIsGone()
            throws Exception {
        String jdbcUrl = LocalPostgres.shared().freshDatabase();
        McpSyncClient client = LegacySdkClient.start(launcher(LocalPostgres.shared().storeUrlOf(jdbcUrl)));
        try {
            working(client, "create", Map.of("path", A, "file_text", "before"));
            NamespaceCounts before = NamespaceCounts.kept(jdbcUrl, NAMESPACE);
            try (RowLock writer = RowLock.hold(jdbcUrl,
                    "SELECT name FROM memdir.namespaces WHERE name = '" + NAMESPACE + "' FOR UPDATE")) {
                long started = System.nanoTime();
                assertThat(failing(client, "create", Map.of("path", B, "file_text", "b")))
                        .startsWith("Error: memory store busy ").endsWith(" Nothing was changed.");
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(4));
            }
            assertThat(NamespaceCounts.kept(jdbcUrl, NAMESPACE)).isEqualTo(before);
            assertThat(failing(client, "view", Map.of("path", B)))
                    .startsWith("Error: The path /memories/b.md does not exist");
            working(client, "create", Map.of("path", B, "file_text", "b"));
            assertThat(working(client, "view", Map.of("path", B))).endsWith("\tb");
        } finally {
            client.closeGracefully();
        }
    }

    private JarLauncher launcher(String storeUrl) {
        return JarLauncher.plain("--store", storeUrl, "--namespace", NAMESPACE, "--store-timeout", "1s")
                .env("HOME", temp.resolve("empty").toString());
    }

    /** Calls {@code tool} through {@code session} and returns the text it answered. */
    private static String answer(LineSession session, String tool, Map<String, Object> arguments)
            throws Exception {
        return session.call(tool, arguments).get(30, TimeUnit.SECONDS).path("result").path("content").get(0)
                .path("text").asText();
    }

    /**
     * Returns the lines {@code log} gained after its first {@code from} bytes, once one of them matches {@code last}
     * (a line the jar writes on a thread of its own, so it may come after the answers).
     */
    private static List<String> awaitLines(Path log, long from, String last) throws Exception {
        return Eventually.value("a line matching " + last, Duration.ofSeconds(30), () -> {
            byte[] bytes = Files.readAllBytes(log);
            return new String(bytes, (int) from, bytes.length - (int) from, StandardCharsets.UTF_8).lines().toList();
        }, lines -> lines.stream().anyMatch(line -> line.matches(last)));
    }

    /** Calls {@code tool} and returns its text, checking that the result is an error. */
    private static String failing(McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = call(client, tool, arguments);
        assertThat(result.isError()).as("an error result: %s", text(result)).isTrue();
        return text(result);
    }

    /** Calls {@code tool} and returns its text, checking that the result is no error. */
    private static String working(McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = call(client, tool, arguments);
        assertThat(result.isError()).as("a result that is no error: %s", text(result)).isNotEqualTo(Boolean.TRUE);
        return text(result);
    }

    /**
     * Returns how many edits were answered: a prefix, since one worker runs them in order; each must have
     * succeeded.
     */
    private static int answeredPrefix(List<CompletableFuture<JsonNode>> answers, String where) {
        int answered = 0;
        while (answered < answers.size() && answers.get(answered).isDone()
                && !answers.get(answered).isCompletedExceptionally()) {
            JsonNode response = answers.get(answered).join();
            assertThat(response.has("error") || response.path("result").path("isError").asBoolean())
                    .as("%s: edit %d failed: %s", where, answered, response).isFalse();
            answered++;
        }
        for (int later = answered; later < answers.size(); later++) {
            CompletableFuture<JsonNode> after = answers.get(later);
            assertThat(after.isDone() && !after.isCompletedExceptionally())
                    .as("%s: edit %d answered but edit %d not", where, later, answered).isFalse();
        }
        return answered;
    }

    /** Returns the text the file at {@code path} (below the root) holds in the namespace. */
    private static String fileText(String jdbcUrl, String path) throws SQLException {
        try (Connection connection = DriverManager.getConnection(jdbcUrl);
                PreparedStatement statement = connection.prepareStatement("SELECT e.content FROM memdir.entries e"
                        + " JOIN memdir.namespaces n ON n.id = e.namespace WHERE n.name = ? AND e.path = ?")) {
            statement.setString(1, NAMESPACE);
            statement.setString(2, path);
            try (ResultSet row = statement.executeQuery()) {
                assertThat(row.next()).as("%s exists", path).isTrue();
                return new String(row.getBytes(1), StandardCharsets.UTF_8);
            }
        }
    }
}
