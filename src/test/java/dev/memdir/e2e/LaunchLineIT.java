package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarRun;
import dev.memdir.e2e.support.LineSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recommended launch line that {@code memdir config command} prints, started as a client would start it. */
class LaunchLineIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path temp;

    @Test
    void theBuildsArchiveIsUsedByThePrintedLine() throws Exception {
        List<String> line = printedLine(JarLauncher.jar()).words();
        Path classLog = temp.resolve("classes.log");
        List<String> logged = new ArrayList<>(line);
        // After the line's own -Xlog options, which begin by switching every log off.
        logged.add(logged.indexOf("-jar"), "-Xlog:class+load=info:file=" + classLog);

        JsonNode view = serve(logged);

        assertThat(view.path("result").path("isError").asBoolean()).isFalse();
        assertThat(Files.readAllLines(classLog)).anyMatch(entry ->
                entry.contains("dev.memdir.memory.store.MemoryStore ") && entry.contains("shared objects file"));
    }

    @Test
    void configWritesTheArchiveOnceWhenItIsMissing() throws Exception {
        Path jar = Files.copy(JarLauncher.jar(), Files.createDirectories(temp.resolve("copy")).resolve("memdir.jar"));

        Printed first = printedLine(jar);
        Printed second = printedLine(jar);

        Path archive = Path.of(first.archiveOption().substring(first.archiveOption().indexOf('=') + 1));
        assertThat(archive).isRegularFile().hasParent(jar.getParent());
        assertThat(first.stderr()).isEqualTo("memdir: wrote " + archive + ", the start-up archive for this Java (once)\n");
        assertThat(second.stderr()).isEmpty();
        assertThat(second.words()).isEqualTo(first.words());
        assertThat(serve(second.words()).path("result").path("isError").asBoolean()).isFalse();
    }

    @Test
    void theLineStartsWithoutItsArchiveAndWithAStaleOne() throws Exception {
        List<String> line = printedLine(JarLauncher.jar()).words();
        Path jar = Files.copy(JarLauncher.jar(), Files.createDirectories(temp.resolve("bare")).resolve("memdir.jar"));
        List<String> moved = new ArrayList<>();
        for (String word : line) {
            moved.add(word.replace(JarLauncher.jar().getParent().toString(), jar.getParent().toString()));
        }

        assertThat(serve(moved).path("result").path("isError").asBoolean()).isFalse();

        String archiveOption = moved.stream().filter(word -> word.contains("memdir-java")).findFirst().orElseThrow();
        Files.writeString(Path.of(archiveOption.substring(archiveOption.indexOf('=') + 1)), "not an archive");
        assertThat(serve(moved).path("result").path("isError").asBoolean()).isFalse();
    }

    private record Printed(List<String> words, String stderr) {
        String archiveOption() {
            return words.stream().filter(word -> word.contains("memdir-java")).findFirst().orElseThrow();
        }
    }

    private Printed printedLine(Path jar) throws Exception {
        JarRun run = JarRun.of(temp, JarLauncher.of(List.of(JarLauncher.java(), "-jar", jar.toString(), "config",
                "command")));
        assertThat(run.exit()).isZero();
        String printed = run.stdout();
        assertThat(printed).endsWith(" -jar " + jar + "\n").doesNotContain("'");
        return new Printed(List.of(printed.trim().split(" ")), run.stderr());
    }

    /** Starts {@code line} with a fresh root, views it, and checks stdout held only JSON-RPC and stderr no error. */
    private JsonNode serve(List<String> line) throws Exception {
        Path root = Files.createTempDirectory(temp, "root");
        List<String> command = new ArrayList<>(line);
        command.addAll(List.of("--root", root.toString()));
        Path stderr = temp.resolve("server-" + root.getFileName() + ".log");
        JsonNode view;
        try (LineSession session = LineSession.start(JarLauncher.of(command), stderr)) {
            session.initialize();
            view = session.call("view", Map.of("path", "/memories")).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            assertThat(session.closeAndWait(TIMEOUT)).isZero();
            assertThat(session.notJson()).isEmpty();
        }
        assertThat(Files.readString(stderr)).doesNotContain("Exception");
        return view;
    }
}
