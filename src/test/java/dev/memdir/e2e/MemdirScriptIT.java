package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/memdir}, the memdir command a user links into the PATH: it finds the jar of its own checkout through
 * the links, becomes the launch line the build printed (else plain {@code java -jar}), and leaves memdir's arguments,
 * output and exit code as they are.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class MemdirScriptIT {

    private static final Path SCRIPT = Path.of("scripts", "memdir").toAbsolutePath();

    @TempDir
    Path temp;

    @Test
    void linkedIntoTheHome_becomesTheBuildsLaunchLine_withTheArguments() throws Exception {
        Path bin = Files.createDirectories(temp.resolve("home/.local/bin"));
        Files.createSymbolicLink(bin.resolve("memdir"), SCRIPT);
        // A link to the link, relative, as a second install might make.
        Path again = Files.createSymbolicLink(Files.createDirectories(temp.resolve("bin")).resolve("memdir"),
                Path.of("../home/.local/bin/memdir"));
        String root = temp.resolve("root").toString();

        List<String> expected = JarLauncher.recommended("--root", root).command();
        assertThat(argumentsOfTheServer(again, root)).isEqualTo(expected.subList(1, expected.size()));
    }

    @Test
    void inACloneWithoutALaunchLine_runsPlainJava_andAnswersAsTheJarDoes() throws Exception {
        Path clone = scriptOnlyClone();
        Path jar = withTheJar(clone);
        String root = temp.resolve("root").toString();
        Path script = clone.resolve("scripts/memdir");

        assertThat(argumentsOfTheServer(script, root)).containsExactly("-jar", jar.toString(), "--root", root);
        for (List<String> arguments : List.of(List.of("--version"), List.of("token", "revoke", "--root", root))) {
            JarRun byScript = JarRun.of(temp, JarLauncher.of(withScript(script, arguments)));
            JarRun byJar = JarRun.of(temp, JarLauncher.plain(arguments.toArray(String[]::new)));
            assertThat(byScript).as(arguments.toString()).isEqualTo(byJar);
        }
        assertThat(JarRun.of(temp, JarLauncher.of(withScript(script, List.of("token", "revoke")))).exit())
                .isEqualTo(2);
    }

    @Test
    void aLaunchLineWhoseJavaIsGone_givesWayToPlainJava() throws Exception {
        Path clone = scriptOnlyClone();
        Path jar = withTheJar(clone);
        // What an upgrade of the JDK that built the jar leaves behind.
        Files.writeString(clone.resolve("target/launch-line.txt"),
                temp.resolve("old-jdk/bin/java") + " -XX:+UseSerialGC -jar " + jar + "\n");
        String root = temp.resolve("root").toString();

        assertThat(argumentsOfTheServer(clone.resolve("scripts/memdir"), root))
                .containsExactly("-jar", jar.toString(), "--root", root);
    }

    @Test
    void inACloneWithoutAJar_saysHowToBuildIt() throws Exception {
        Path clone = scriptOnlyClone();

        JarRun run = JarRun.of(temp, JarLauncher.of(List.of(clone.resolve("scripts/memdir").toString(), "--version")));

        assertThat(run).isEqualTo(new JarRun(1, "", "memdir: " + clone.resolve("target/memdir.jar")
                + " is missing: build it in " + clone + " with: mvn -B -q package -DskipTests\n"));
    }

    /** A checkout of the script alone, in a real directory (links resolved, as the script resolves them). */
    private Path scriptOnlyClone() throws Exception {
        Path clone = Files.createDirectories(temp.resolve("clone")).toRealPath();
        Files.copy(SCRIPT, Files.createDirectories(clone.resolve("scripts")).resolve("memdir"));
        return clone;
    }

    /** Links the jar under test into {@code clone}'s {@code target/}, with no launch line; returns the link. */
    private static Path withTheJar(Path clone) throws Exception {
        return Files.createSymbolicLink(Files.createDirectories(clone.resolve("target")).resolve("memdir.jar"),
                JarLauncher.jar());
    }

    private static List<String> withScript(Path script, List<String> arguments) {
        List<String> command = new ArrayList<>(List.of(script.toString()));
        command.addAll(arguments);
        return command;
    }

    /**
     * Starts {@code memdir --root ROOT} (a stdio server) through {@code script} and returns the arguments of the
     * process it started once that process is java: the script's own process, which it became.
     */
    private List<String> argumentsOfTheServer(Path script, String root) throws Exception {
        Process server = JarLauncher.of(List.of(script.toString(), "--root", root)).in(temp)
                .stderrTo(temp.resolve("server.err")).start();
        try {
            Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
            List<String> arguments = List.of();
            while (!arguments.contains("-jar") && server.isAlive() && Instant.now().isBefore(deadline)) {
                Thread.sleep(50);
                arguments = List.of(server.info().arguments().orElse(new String[0]));
            }
            Path stderr = temp.resolve("server.err");
            assertThat(arguments).as("the script's process becomes java%n%s", Files.readString(stderr)).contains("-jar");
            assertThat(server.info().command()).hasValueSatisfying(command -> assertThat(command).endsWith("/java"));
            server.getOutputStream().close();
            assertThat(server.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(server.exitValue()).as(Files.readString(stderr)).isZero();
            return arguments;
        } finally {
            server.destroyForcibly();
        }
    }
}
