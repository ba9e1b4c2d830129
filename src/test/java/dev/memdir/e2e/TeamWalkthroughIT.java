package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.DocBlocks;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.memory.postgres.LocalPostgres;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/team.md's walkthrough from nothing to a team server, run as written: every {@code sh} block in order in one
 * {@code bash}, in the checkout (the clone the page starts in) with a fresh home, against a real PostgreSQL whose
 * superuser the environment names as {@code sudo -u postgres} would; each {@code text} block after one is its output.
 */
@Timeout(value = 420, unit = TimeUnit.SECONDS)
class TeamWalkthroughIT {

    private static final Path PAGE = Path.of("docs", "team.md");
    private static final String HEADING = "## From nothing to a team server";
    private static final String SERVER_ADDRESS = "127.0.0.1:8080";
    private static final String DATABASE_ADDRESS = "127.0.0.1:5432";
    private static final String STEP_END = "\u001e";
    private static final String ALICE_WROTE = "Deploys go out on Tuesdays.";

    @TempDir
    Path temp;

    /** One block of commands, the output the page shows for it (null when it shows none) and what it printed. */
    private record Step(String commands, String shown, String printed) {}

    @Test
    void theWalkthrough_asWritten_givesAlicesFileToBob_andNobodyElse() throws Exception {
        String page = Files.readString(PAGE);
        assertThat(page).contains(SERVER_ADDRESS, DATABASE_ADDRESS, "CREATE ROLE " + LocalPostgres.TEAM_USER + " ");
        LocalPostgres postgres = LocalPostgres.shared();
        String server = "127.0.0.1:" + freePort();
        String database = "127.0.0.1:" + postgres.port();
        // The one change to the page: its ports, in the commands and in the outputs shown alike.
        List<DocBlocks.Block> blocks = DocBlocks.of(PAGE, HEADING).stream().map(block -> new DocBlocks.Block(
                block.language(), block.text().replace(SERVER_ADDRESS, server).replace(DATABASE_ADDRESS, database)))
                .toList();

        StringBuilder script = new StringBuilder("set -euo pipefail\n")
                .append("trap 'kill $(jobs -p) 2>/dev/null || true; wait' EXIT\n");
        for (DocBlocks.Block block : blocks) {
            if (block.language().equals("sh")) {
                script.append(block.text()).append("printf '").append(STEP_END).append("'\n");
            }
        }
        List<String> printed = run(script.toString(), postgres);

        List<Step> steps = steps(blocks, printed);
        for (Step step : steps) {
            if (step.shown() != null) {
                assertThat(withoutLastNewline(step.printed())).as(step.commands())
                        .matches(shownPattern(withoutLastNewline(step.shown())));
            }
        }
        assertThat(steps).anySatisfy(step -> {
            assertThat(step.commands()).contains("Bearer $BOB").contains("\"view\"");
            assertThat(step.printed()).contains(ALICE_WROTE);
        });
        assertThat(steps).anySatisfy(step -> {
            assertThat(step.commands()).contains("curl").doesNotContain("Authorization");
            assertThat(step.printed()).isEqualTo("401\n");
        });
    }

    /** Runs {@code script} with bash to its end; returns what each documented block printed on stdout. */
    private List<String> run(String script, LocalPostgres postgres) throws Exception {
        Path file = temp.resolve("walkthrough.bash");
        Files.writeString(file, script);
        Path home = Files.createDirectory(temp.resolve("home"));
        Path out = temp.resolve("walkthrough.out");
        Path err = temp.resolve("walkthrough.err");
        Process bash = JarLauncher.of(List.of("bash", file.toString()))
                .withoutEnv(name -> name.startsWith("PG") || name.startsWith("MEMDIR_"))
                .env("HOME", home.toString())
                .env("PGHOST", "127.0.0.1").env("PGPORT", Integer.toString(postgres.port()))
                .env("PGUSER", LocalPostgres.SUPERUSER).env("PGDATABASE", "postgres")
                .in(Path.of("").toAbsolutePath()).emptyStdin().stdoutTo(out).stderrTo(err).start();
        try {
            assertThat(bash.waitFor(300, TimeUnit.SECONDS)).as("the walkthrough ends").isTrue();
        } finally {
            bash.descendants().forEach(ProcessHandle::destroy);
            bash.destroyForcibly();
        }
        Path log = home.resolve("memdir.log");
        assertThat(bash.exitValue()).as("%s%nmemdir.log:%n%s", Files.readString(err),
                Files.exists(log) ? Files.readString(log) : "(none)").isZero();
        return List.of(Files.readString(out).split(STEP_END, -1));
    }

    /** Pairs each {@code sh} block with the {@code text} block right after it and with what it printed. */
    private static List<Step> steps(List<DocBlocks.Block> blocks, List<String> printed) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            if (blocks.get(i).language().equals("sh")) {
                boolean shown = i + 1 < blocks.size() && blocks.get(i + 1).language().equals("text");
                steps.add(new Step(blocks.get(i).text(), shown ? blocks.get(i + 1).text() : null,
                        printed.get(steps.size())));
            }
        }
        assertThat(printed).hasSize(steps.size() + 1);
        return steps;
    }

    /** The output a page shows, as a pattern: its text exactly, but each {@code ...} for whatever was left out. */
    private static Pattern shownPattern(String shown) {
        return Pattern.compile(Arrays.stream(shown.split("\\.\\.\\.", -1)).map(Pattern::quote)
                .collect(Collectors.joining(".*")), Pattern.DOTALL);
    }

    private static String withoutLastNewline(String text) {
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
