package dev.memdir.context;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.recall.Recall;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What reaches a model's context unasked, over a real directory memory and recall by keywords. */
class MemoryContextTest {

    private static final String DENTIST = "---\nname: dentist\ndescription: Dr. Lin, the dentist, and the next"
            + " appointment\n---\nNext appointment with Dr. Lin: 14 January 2027 at 9:30.\n";
    private static final String MIGRATIONS = "---\nname: migrations\ndescription: how migrations are written\n"
            + "paths:\n  - \"migrations/**\"\n---\nNever edit a migration that reached main.\n";
    private static final OptionalLong UNKNOWN = OptionalLong.empty();

    @TempDir
    Path temp;

    private DirectoryStore store;
    private MemoryContext context;

    @BeforeEach
    void memory() throws Exception {
        Path root = temp.resolve("memory");
        write(root, "people/dentist.md", DENTIST);
        write(root, "db/migrations.md", MIGRATIONS);
        write(root, "hobbies/guitar.md", "Guitar lessons on Saturdays with Ana.\n");
        write(root, "work/plan.md", "---\ndescription: the quarter's plan\n---\n" + "Unrelated filler line.\n".repeat(60)
                + "The launch review with the auditors is on Friday.\n" + "More filler text here.\n".repeat(60));
        store = DirectoryStore.open(DirectoryOptions.of(root, StoreLimits.perFile(1 << 20), "test"));
        context = new MemoryContext(store, new Recall(store), 2048, 100_000);
    }

    @AfterEach
    void close() throws Exception {
        store.close();
    }

    @Test
    void aPromptBringsTheMemoryThatBearsOnIt_whole_once() throws Exception {
        assertThat(context.forPrompt("s", "When is my dentist appointment?", UNKNOWN)).contains(
                "Memories from earlier sessions that bear on this prompt (memdir; true when written, view a file for"
                        + " the rest):\n\n## /memories/people/dentist.md: Dr. Lin, the dentist, and the next"
                        + " appointment\nNext appointment with Dr. Lin: 14 January 2027 at 9:30.");
        assertThat(context.forPrompt("s", "When is the dentist appointment again?", UNKNOWN)).isEmpty();
        assertThat(context.forPrompt("another", "When is my dentist appointment?", UNKNOWN)).isPresent();
    }

    @Test
    void anUnrelatedPromptBringsNothing() throws Exception {
        assertThat(context.forPrompt("s", "Write a haiku about the first snow.", UNKNOWN)).isEmpty();
        assertThat(context.forPrompt("s", "", UNKNOWN)).isEmpty();
    }

    @Test
    void aLongFileComesAsThePassageThatBearsOnThePrompt() throws Exception {
        String text = context.forPrompt("s", "When is the launch review with the auditors?", UNKNOWN).orElseThrow();

        assertThat(text).contains("## /memories/work/plan.md (excerpt): the quarter's plan\n")
                .contains("The launch review with the auditors is on Friday.");
        assertThat(ContextBudget.size(text)).isLessThanOrEqualTo(2048);
    }

    @Test
    void aMemoryComesAgainOnceItChanged() throws Exception {
        context.forPrompt("s", "When is my dentist appointment?", UNKNOWN);
        Files.writeString(temp.resolve("memory/people/dentist.md"), DENTIST.replace("14 January", "21 January"));

        assertThat(context.forPrompt("s", "When is my dentist appointment?", UNKNOWN).orElseThrow())
                .contains("21 January 2027");
    }

    @Test
    void aTouchedFileBringsTheMemoriesItsPathsMatch_onceAndNeverOutsideTheProject() throws Exception {
        List<String> project = List.of("/work/repo");

        assertThat(context.forFile("s", "/work/repo/README.md", project, UNKNOWN)).isEmpty();
        assertThat(context.forFile("s", "/elsewhere/migrations/1.sql", project, UNKNOWN)).isEmpty();
        assertThat(context.forFile("s", "/work/repo/migrations/001.sql", project, UNKNOWN)).contains(
                "Memories scoped to migrations/001.sql (memdir; their paths: match it; true when written):\n\n"
                        + "## /memories/db/migrations.md: how migrations are written\n"
                        + "Never edit a migration that reached main.");
        assertThat(context.forFile("s", "/work/repo/migrations/002.sql", project, UNKNOWN)).isEmpty();
    }

    @Test
    void aroundASummaryTheSummaryIsAskedToKeepProgress_andWhatWasGivenComesBack() throws Exception {
        context.forPrompt("s", "When is my dentist appointment?", UNKNOWN);

        assertThat(context.beforeSummary("s")).isEqualTo("memdir, the memory server: keep in the summary the"
                + " task's progress, the decisions taken and what is left to do, so that they can be recorded in"
                + " memory afterwards. These memory files were given to this session and come back after the"
                + " summary, so it need not repeat them: /memories/people/dentist.md.");
        assertThat(context.afterSummary("s")).isEqualTo("The conversation was just summarized. Before you go on,"
                + " record in /memories what the summary holds that your memory does not have yet: the task's"
                + " progress, decisions and next steps (memdir). The memories this session had been given:\n\n"
                + "## /memories/people/dentist.md: Dr. Lin, the dentist, and the next appointment\n"
                + "Next appointment with Dr. Lin: 14 January 2027 at 9:30.");
        assertThat(context.forPrompt("s", "When is my dentist appointment?", UNKNOWN)).as("given again already")
                .isEmpty();
    }

    @Test
    void aSessionThatWasGivenNothingIsStillRemindedAfterItsSummary() throws Exception {
        assertThat(context.beforeSummary("s")).isEqualTo("memdir, the memory server: keep in the summary the task's"
                + " progress, the decisions taken and what is left to do, so that they can be recorded in memory"
                + " afterwards.");
        assertThat(context.afterSummary("s")).isEqualTo("The conversation was just summarized. Before you go on,"
                + " record in /memories what the summary holds that your memory does not have yet: the task's"
                + " progress, decisions and next steps (memdir).");
    }

    @Test
    void aContextThatGrewPastTheReminderGetsItOnce_withOrWithoutMemories() throws Exception {
        assertThat(context.forPrompt("s", "Write a haiku.", OptionalLong.of(120_000))).contains("This session's"
                + " context holds about 120,000 tokens and will be summarized before long: record its progress,"
                + " decisions and next steps in /memories now (memdir).");
        assertThat(context.forPrompt("s", "Write a haiku.", OptionalLong.of(130_000))).isEmpty();
        assertThat(context.forPrompt("s", "When is my dentist appointment?", OptionalLong.of(205_000)).orElseThrow())
                .contains("## /memories/people/dentist.md").endsWith("about 205,000 tokens and will be summarized"
                        + " before long: record its progress, decisions and next steps in /memories now (memdir).");
    }

    @Test
    void everythingStaysWithinTheBudget() throws Exception {
        MemoryContext small = new MemoryContext(store, new Recall(store), 300, 100_000);

        Optional<String> text = small.forPrompt("s", "When is my dentist appointment?", OptionalLong.of(150_000));

        assertThat(ContextBudget.size(text.orElseThrow())).isLessThanOrEqualTo(300);
    }

    private static void write(Path root, String relative, String text) throws Exception {
        Files.createDirectories(root.resolve(relative).getParent());
        Files.writeString(root.resolve(relative), text);
    }
}
