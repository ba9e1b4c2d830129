package dev.memdir.instructions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.index.IndexBudget;
import dev.memdir.memory.ChangeReports;
import dev.memdir.memory.EveryStore;
import dev.memdir.memory.StoreKind;
import dev.memdir.memory.TestKeys;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.postgres.LocalPostgres;
import dev.memdir.memory.postgres.PostgresOptions;
import dev.memdir.memory.s3.LocalS3;
import dev.memdir.memory.s3.S3Location;
import dev.memdir.memory.s3.S3Options;
import dev.memdir.memory.s3.S3Store;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.StoreLimits;
import java.io.Closeable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;

/**
 * A principal's instructions: its memory's own files, read through the store on both stores, the project
 * {@code /memories}, no managed or user files, and no import that leaves the memory looked at.
 */
@EveryStore
class MemoryInstructionFilesTest {

    private static final Path ROOT = MemoryInstructionFiles.ROOT;
    private static final String PROJECT = "project instructions, checked into the codebase";

    @Parameter
    StoreKind kind;

    @TempDir
    Path temp;

    private String namespace;
    private S3Location bucket;
    private MemoryStore store;
    private MemoryInstructionFiles files;
    private InstructionLocations locations;

    @BeforeEach
    void open() throws Exception {
        namespace = LocalPostgres.freshNamespace();
        bucket = kind.plain() == StoreKind.S3 ? LocalS3.shared().freshBucket("") : null;
        store = open("test");
        files = new MemoryInstructionFiles(store);
        // The host's managed and user instructions, which a memory's resolution must never read.
        write(temp.resolve("managed/CLAUDE.md"), "MANAGED ON THE HOST\n");
        write(temp.resolve("home/.claude/CLAUDE.md"), "USER ON THE HOST\n");
        write(temp.resolve("home/home.md"), "HOME FILE\n");
        write(temp.resolve("host.md"), "HOST FILE\n");
        locations = new InstructionLocations(ROOT, temp.resolve("home"), temp.resolve("home/.claude"),
                temp.resolve("managed"), true, true);
    }

    @AfterEach
    void close() throws Exception {
        store.close();
    }

    @Test
    void theMemoryIsTheProject_andAnImportLeavingItIsNotFollowed() throws Exception {
        put("CLAUDE.md", "# Team\n@notes/style.md\n@/memories/notes/absolute.md\n@../outside.md\n@" + temp
                + "/host.md\n@~/home.md\n");
        put("notes/style.md", "Four spaces.\n");
        put("notes/absolute.md", "Absolute.\n");
        put(".claude/CLAUDE.md", "Dot claude.\n");
        put(".claude/rules/always.md", "Always.\n");
        put(".claude/rules/api.md", "---\npaths: \"api/**\"\n---\nAPI rule.\n");
        put("CLAUDE.local.md", "Local.\n");

        Instructions instructions = resolver().resolve();

        assertThat(instructions.text()).isEqualTo("""
                Contents of /memories/CLAUDE.md (%s):

                # Team
                @notes/style.md
                @/memories/notes/absolute.md
                @../outside.md
                @%s/host.md
                @~/home.md

                Contents of /memories/notes/style.md (imported by /memories/CLAUDE.md):

                Four spaces.

                Contents of /memories/notes/absolute.md (imported by /memories/CLAUDE.md):

                Absolute.

                Contents of /memories/.claude/CLAUDE.md (%s):

                Dot claude.

                Contents of /memories/.claude/rules/always.md (project rule, checked into the codebase):

                Always.

                Contents of /memories/CLAUDE.local.md (user's private project instructions, not checked in):

                Local.""".formatted(PROJECT, temp, PROJECT));
        List<InstructionFile> notFollowed = instructions.files().stream()
                .filter(file -> file.skipped().equals(Optional.of(SkipReason.UNAPPROVED_EXTERNAL))).toList();
        assertThat(notFollowed).extracting(file -> file.path().toString())
                .containsExactly("/outside.md", temp + "/host.md", "~/home.md");
        assertThat(notFollowed).allSatisfy(file -> {
            assertThat(file.outsideProject()).isTrue();
            assertThat(file.rawBytes()).isZero();
            assertThat(file.origin()).isInstanceOf(Origin.ImportedBy.class);
        });
        assertThat(instructions.files()).extracting(file -> file.path() + " " + file.skipped().map(SkipReason::label)
                .orElse("contributes")).containsExactly("/memories/CLAUDE.md contributes",
                "/memories/notes/style.md contributes", "/memories/notes/absolute.md contributes",
                "/outside.md unapproved-external", temp + "/host.md unapproved-external",
                "~/home.md unapproved-external", "/memories/.claude/CLAUDE.md contributes",
                "/memories/.claude/rules/always.md contributes", "/memories/.claude/rules/api.md unmatched-paths",
                "/memories/CLAUDE.local.md contributes");
    }

    @Test
    void anImportLeavingTheMemoryIsReportedAlike_whetherOrNotAnythingIsThere() throws Exception {
        put("CLAUDE.md", "@" + temp + "/host.md\n@" + temp + "/missing.md\n");

        List<InstructionFile> imports = resolver().resolve().files().stream()
                .filter(file -> file.scope() == Scope.IMPORT).toList();

        assertThat(imports).hasSize(2);
        assertThat(imports.get(0)).usingRecursiveComparison().ignoringFields("path", "origin.line")
                .isEqualTo(imports.get(1));
    }

    @Test
    void aTouchedPathNamesTheMemorysDirectories_andNothingElse() throws Exception {
        put("api/CLAUDE.md", "Nested.\n");
        put(".claude/rules/api.md", "---\npaths: \"api/**\"\n---\nAPI rule.\n");
        String active = "Contents of /memories/api/CLAUDE.md (" + PROJECT + "):\n\nNested.\n\nContents of"
                + " /memories/.claude/rules/api.md (project rule, checked into the codebase):\n\nAPI rule.";

        assertThat(resolver().resolveFor("api/x.ts").text()).isEqualTo(active);
        assertThat(resolver().resolveFor("/memories/api/x.ts").text()).isEqualTo(active);
        for (String elsewhere : List.of("/api/x.ts", "../api/x.ts", temp + "/api/x.ts", "/etc/passwd")) {
            assertThat(resolver().resolveFor(elsewhere).text()).as(elsewhere).isEmpty();
        }
    }

    @Test
    void agentsMdStandsInForAMissingClaudeMd_andExcludesComeFromTheMemorysSettings() throws Exception {
        put("AGENTS.md", "Agents.\n");
        put("CLAUDE.local.md", "Local.\n");
        put(".claude/settings.json", "{\"claudeMdExcludes\": [\"/memories/CLAUDE.local.md\"]}");

        Instructions instructions = resolver().resolve();

        assertThat(instructions.text()).isEqualTo("Contents of /memories/AGENTS.md (" + PROJECT + "):\n\nAgents.");
        assertThat(instructions.files()).filteredOn(file -> file.path().endsWith("CLAUDE.local.md")).singleElement()
                .extracting(InstructionFile::skipped).isEqualTo(Optional.of(SkipReason.EXCLUDED));
    }

    @Test
    void theMemoryIndexEntryIsTheMemorysMemoryMd() throws Exception {
        put("MEMORY.md", "- notes.md: notes\n");

        InstructionFile entry = MemoryIndexEntry.of(files, ROOT.resolve("MEMORY.md"), ROOT, IndexBudget.DEFAULT);

        assertThat(entry.path()).hasToString("/memories/MEMORY.md");
        assertThat(entry.content()).isEqualTo("- notes.md: notes\n");
        assertThat(entry.outsideProject()).isFalse();
        assertThat(MemoryIndexEntry.of(files, ROOT.resolve("NONE.md"), ROOT, IndexBudget.DEFAULT).skipped())
                .contains(SkipReason.MISSING);
    }

    @Test
    void childrenAreTheMemorysOwn_hiddenIncluded_memdirsNever() throws Exception {
        put("notes/a.md", "a\n");
        put(".claude/rules/r.md", "r\n");
        put("top.md", "t\n");
        put("notes/a.md", "a2\n"); // the a.md it replaces is kept in the history, memdir's own

        assertThat(files.children(ROOT)).containsExactlyInAnyOrder(
                new InstructionSource.Child(ROOT.resolve("notes"), InstructionSource.Kind.DIRECTORY),
                new InstructionSource.Child(ROOT.resolve(".claude"), InstructionSource.Kind.DIRECTORY),
                new InstructionSource.Child(ROOT.resolve("top.md"), InstructionSource.Kind.FILE));
        assertThat(files.children(ROOT.resolve("notes"))).extracting(child -> child.path().toString())
                .containsExactly("/memories/notes/a.md");
        assertThatThrownBy(() -> files.children(Path.of("/tmp"))).hasMessage("/tmp");
        assertThat(files.attributes(ROOT.resolve(".memdir-history"))).isEmpty();
        assertThat(files.attributes(Path.of("/etc/passwd"))).isEmpty();
        assertThat(files.attributes(ROOT.resolve("notes/../top.md"))).contains(
                new InstructionSource.Attributes(InstructionSource.Kind.FILE, 2));
    }

    @Test
    void aResolutionIsCachedUntilTheMemoryChanges_byThisStoreOrAsHeard() throws Exception {
        put("CLAUDE.md", "One.\n");
        InstructionsCache cache = new InstructionsCache(resolver());
        assertThat(cache.current().text()).endsWith("One.");

        put("CLAUDE.md", "Two.\n");
        assertThat(cache.current().text()).as("a change through this store is seen at once").endsWith("Two.");

        try (MemoryStore another = open("another")) {
            put(another, "CLAUDE.md", "Three.\n");
            assertThat(cache.current().text()).as("another's change, unheard while nobody listens").endsWith("Two.");

            ChangeReports reports = new ChangeReports();
            try (Closeable listening = store.changes().listen(reports)) {
                put(another, "CLAUDE.md", "Four.\n");
                assertThat(reports.await(changes -> changes.touches("CLAUDE.md"), kind.noticeWithin().multipliedBy(3)))
                        .isTrue();
                assertThat(cache.current().text()).as("once heard").endsWith("Four.");
            }
        }
    }

    private InstructionResolver resolver() {
        return new InstructionResolver(locations, files);
    }

    private MemoryStore open(String actor) throws Exception {
        StoreLimits limits = StoreLimits.perFile(StoreLimits.UNLIMITED);
        if (kind.plain() == StoreKind.DIRECTORY) {
            return DirectoryStore.open(new DirectoryOptions(temp.resolve("memory"), limits, HistoryLimits.DEFAULT,
                    actor, TestKeys.of(kind)));
        }
        if (kind.plain() == StoreKind.S3) {
            return S3Store.open(S3Options.of(bucket, namespace, limits, actor).withCredentials(LocalS3.credentials()));
        }
        return LocalPostgres.shared().open(PostgresOptions.of(namespace, limits, actor));
    }

    private void put(String relative, String text) throws Exception {
        put(store, relative, text);
    }

    private static void put(MemoryStore target, String relative, String text) throws Exception {
        MemoryPath path = MemoryPathParser.parse("/memories/" + relative);
        target.change(memory -> {
            memory.write(path, text.getBytes(StandardCharsets.UTF_8));
            return null;
        });
    }

    private static void write(Path file, String text) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
