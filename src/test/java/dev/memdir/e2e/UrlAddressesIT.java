package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A URL given where memdir takes a directory, through the jar in a working directory of its own: one line on stderr
 * naming what memdir takes there, exit 2, and nothing made (the URL never becomes a directory named after it).
 */
class UrlAddressesIT {

    private static final String STORE_ADDRESS = " must be a directory, a PostgreSQL URL (postgresql://... or"
            + " postgres://...) or an S3 URL (s3://BUCKET[/PREFIX]), not a '";
    private static final String PATH = " must be a path on this machine, not a '";
    private static final String URLS_TAKEN = ":' URL (the URLs memdir takes are --store postgresql://... or"
            + " s3://... and --oauth-issuer https://...)\n";

    @TempDir
    Path temp;

    private Path work;
    private Path home;

    @BeforeEach
    void aMemoryToCopy() throws Exception {
        work = Files.createDirectories(temp.resolve("work"));
        home = Files.createDirectories(temp.resolve("home"));
        Files.writeString(Files.createDirectories(work.resolve("src")).resolve("a.md"), "hello\n");
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of(List.of("store", "copy", "--from", "src", "--to",
                        "jdbc:postgresql://127.0.0.1:5432/team?user=memdir&password=hunter2", "--namespace", "team"),
                        "memdir: --to" + STORE_ADDRESS + "jdbc:' URL\n"),
                Arguments.of(List.of("store", "copy", "--from", "src", "--to", "gs://bucket/x"),
                        "memdir: --to" + STORE_ADDRESS + "gs:' URL\n"),
                Arguments.of(List.of("store", "copy", "--from", "https://x/y", "--to", "copy"),
                        "memdir: --from" + STORE_ADDRESS + "https:' URL\n"),
                Arguments.of(List.of("store", "check", "s3:bucket/x"),
                        "memdir: the store to check" + STORE_ADDRESS + "s3:' URL\n"),
                Arguments.of(List.of("--root", "https://x/y"), "memdir: --root" + PATH + "https" + URLS_TAKEN),
                Arguments.of(List.of("index", "--root", "https://x/y"), "memdir: --root" + PATH + "https" + URLS_TAKEN),
                Arguments.of(List.of("token", "list", "--root", "s3:bucket"), "memdir: --root" + PATH + "s3" + URLS_TAKEN),
                Arguments.of(List.of("--log-file", "s3://logs/m.log", "--root", "memory"),
                        "memdir: --log-file" + PATH + "s3" + URLS_TAKEN));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void aUrlForADirectory_isOneLine_exit2_andMakesNothing(List<String> args, String line) throws Exception {
        List<String> before = everything();

        JarRun run = run(args);

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo(line).doesNotContain("hunter2");
        assertThat(run.stdout()).isEmpty();
        assertThat(everything()).isEqualTo(before);
    }

    @Test
    void aWindowsDriveLetter_isAPath() throws Exception {
        JarRun run = run(List.of("store", "copy", "--from", "src", "--to", "C:copy"));

        assertThat(run.exit()).as(run.stderr()).isZero();
        assertThat(run.stdout()).isEqualTo("Copied 1 file (6 bytes) from " + work.resolve("src").toRealPath()
                + " to " + work.resolve("C:copy").toRealPath() + "\n");
        assertThat(work.resolve("C:copy/a.md")).hasContent("hello");
    }

    private JarRun run(List<String> args) throws Exception {
        return JarRun.of(temp, JarLauncher.plain(args.toArray(String[]::new)).in(work)
                .withoutEnv(name -> name.startsWith("MEMDIR_")).env("HOME", home.toString()));
    }

    /** Returns every path under the working directory and the home. */
    private List<String> everything() throws Exception {
        try (Stream<Path> inWork = Files.walk(work); Stream<Path> inHome = Files.walk(home)) {
            return Stream.concat(inWork, inHome).map(Path::toString).sorted().collect(Collectors.toList());
        }
    }
}
