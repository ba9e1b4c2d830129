package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.memdir.e2e.FuzzStdout.Received;
import dev.memdir.e2e.ModernFuzzScript.Line;
import dev.memdir.e2e.ModernFuzzScript.Start;
import dev.memdir.e2e.support.JarLauncher;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The nothing-lost fuzz of {@link LegacyProtocolFuzzIT} for MCP 2026-07-28: one real jar, generated lines pipelined
 * (one thread writes, another reads), 2026-07-28 requests good and malformed mixed with 2025-11-25 ones, listens
 * opened and cancelled, and {@link ModernFuzzOracle} checking every line that came back. Run once starting with
 * {@code server/discover} (an initialize comes a third of the way in) and once starting with {@code initialize}.
 *
 * <p>System properties: {@code memdir.torture.modernLines} (default 1500), {@code memdir.torture.seed}
 * (default: random; printed, and quoted in every failure).
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ModernProtocolFuzzIT {

    @TempDir
    Path temp;

    @Test
    void startingWithServerDiscover() throws Exception {
        run(Start.MODERN, false);
    }

    @Test
    void startingWithInitialize() throws Exception {
        run(Start.LEGACY, false);
    }

    /** Input ends right after the last line: what was read is drained, open listens get their results. */
    @Test
    void closingInputRightAfterTheLastLine() throws Exception {
        run(Start.MODERN, true);
    }

    /** Waits until memdir has written nothing for a second (at most 20 s). */
    private static void awaitQuiet(List<Received> received) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        int seen = -1;
        while (received.size() != seen && System.nanoTime() < deadline) {
            seen = received.size();
            Thread.sleep(1000);
        }
    }

    private void run(Start start, boolean closeAtOnce) throws Exception {
        long seed = Long.getLong("memdir.torture.seed", new Random().nextLong());
        int count = Integer.getInteger("memdir.torture.modernLines", 1500);
        String tag = "[ModernProtocolFuzzIT " + start + (closeAtOnce ? " closing at once" : "") + " seed=" + seed
                + " lines=" + count + "] ";
        System.out.println(tag + "starting; re-run with -Dmemdir.torture.seed=" + seed);
        List<Line> script = ModernFuzzScript.make(new Random(seed), start, count);
        String finalKey = script.get(script.size() - 1).expect().key();

        Path root = Files.createDirectories(temp.resolve("memory"));
        Files.writeString(root.resolve("a.md"), "alpha\nbeta\n");
        Files.writeString(root.resolve("MEMORY.md"), "- [a](a.md): alpha\n");
        Path project = Files.createDirectories(temp.resolve("project"));
        Path stderr = temp.resolve("stderr.log");
        Process process = JarLauncher.plain("--root", root.toString()).in(project).withoutEnv("MEMDIR_ROOT")
                .stderrTo(stderr).start();
        try {
            OutputStream stdin = new BufferedOutputStream(process.getOutputStream(), 1 << 16);
            List<String> violations = Collections.synchronizedList(new ArrayList<>());
            FuzzStdout stdout = new FuzzStdout(new FuzzStdout.LineSource(process.getInputStream()), finalKey,
                    violations, "modern-fuzz-reader");
            List<Received> received = stdout.received();
            AtomicReference<Throwable> writerFailure = new AtomicReference<>();
            Thread writer = new Thread(() -> {
                try {
                    for (Line line : script) {
                        stdin.write(line.bytes());
                        stdin.write('\n');
                        stdin.flush();
                    }
                } catch (Throwable e) {
                    writerFailure.set(e);
                }
            }, "modern-fuzz-writer");
            long started = System.nanoTime();
            writer.start();

            writer.join(TimeUnit.SECONDS.toMillis(120));
            String log = Fuzzing.tail(stderr);
            assertThat(writer.isAlive()).as(tag + "the writer is stuck: memdir stopped reading" + log).isFalse();
            assertThat(writerFailure.get()).as(tag + "writing to memdir failed" + log).isNull();
            if (!closeAtOnce) {
                assertThat(stdout.awaitFinal(120)).as(tag + "the final view was not answered" + log).isTrue();
                assertThat(process.isAlive()).as(tag + "memdir died during the fuzz" + log).isTrue();
                // memdir reports changes once writes pause (its watcher waits for 50 ms of quiet): let the last
                // ones reach the open listens before input ends them.
                awaitQuiet(received);
            }

            stdin.close();
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as(tag + "memdir did not exit after stdin closed"
                    + Fuzzing.tail(stderr)).isTrue();
            assertThat(process.exitValue()).as(tag + "exit code" + Fuzzing.tail(stderr)).isZero();
            assertThat(stdout.awaitEnd(10)).as(tag + "stdout did not end").isTrue();

            ModernFuzzOracle oracle = new ModernFuzzOracle(script, received, violations, !closeAtOnce);
            oracle.check();
            System.out.printf("%sdone in %d ms: %d lines sent, %d lines back (%d answers in order, %d listen results,"
                            + " %d tagged notifications of which %d updates, %d log messages)%n", tag,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), script.size(), received.size(),
                    oracle.inOrderAnswers, oracle.listenFinals, oracle.tagged, oracle.updateCount, oracle.logMessages);
            if (!violations.isEmpty()) {
                fail(tag + violations.size() + " violation(s); the first ones:\n"
                        + String.join("\n", violations.subList(0, Math.min(40, violations.size())))
                        + Fuzzing.tail(stderr));
            }
        } finally {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
