package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code memdir prune} in process: what {@code --older-than} takes, and how it counts days. */
class PruneCommandTest {

    @TempDir Path temp;

    private Path root;

    @BeforeEach
    void aMemoryFileLastChangedAnHourAgo() throws Exception {
        root = Files.createDirectories(temp.resolve("memory"));
        Path file = Files.writeString(root.resolve("a.md"), "a\n");
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(Duration.ofHours(1))));
    }

    @Test
    void olderThanZeroDays_takesEveryFileChangedBeforeNow() {
        InProcessRun proposed = run("0d");
        InProcessRun applied = run("0", "--apply");

        assertThat(proposed.exit()).as(proposed.err()).isZero();
        assertThat(proposed.out()).matches("1 memory file has gone untouched for more than 0 days; 'memdir prune"
                + " --apply' moves them into /memories/archive/:\n  /memories/a\\.md  \\(modified \\S+, 0 days ago\\)\n");
        assertThat(applied.exit()).as(applied.err()).isZero();
        assertThat(applied.out()).startsWith("Archived /memories/a.md to /memories/archive/a.md\n");
        assertThat(root.resolve("archive/a.md")).hasContent("a");
    }

    @Test
    void oneDayIsSingular() throws Exception {
        Files.setLastModifiedTime(root.resolve("a.md"), FileTime.from(Instant.now().minus(Duration.ofHours(36))));

        InProcessRun proposed = run("1");
        InProcessRun none = InProcessRun.in(temp.resolve("work"), "prune", "--older-than", "1", "--root",
                temp.resolve("empty").toString());

        assertThat(proposed.out()).matches("1 memory file has gone untouched for more than 1 day; 'memdir prune"
                + " --apply' moves them into /memories/archive/:\n  /memories/a\\.md  \\(modified \\S+, 1 day ago\\)\n");
        assertThat(none.out()).isEqualTo("No memory file has gone untouched for more than 1 day.\n");
    }

    @Test
    void aNegativeOrWordyAgeIsRefused() {
        InProcessRun negative = run("-1");
        InProcessRun wordy = run("a week");

        assertThat(negative.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(negative.err()).isEqualTo("memdir: --older-than must be a number of days, like 0, 30 or 30d, not"
                + " '-1'\n");
        assertThat(wordy.err()).isEqualTo("memdir: --older-than must be a number of days, like 0, 30 or 30d, not"
                + " 'a week'\n");
        assertThat(root.resolve("a.md")).exists();
    }

    /** Runs {@code prune --older-than OLDER-THAN} on the root, then {@code more}. */
    private InProcessRun run(String olderThan, String... more) {
        List<String> args = new ArrayList<>(List.of("prune", "--older-than", olderThan, "--root", root.toString()));
        args.addAll(List.of(more));
        return InProcessRun.in(temp.resolve("work"), args.toArray(String[]::new));
    }
}
