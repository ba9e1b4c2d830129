package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A restore of a file renamed into the archive (as prune does) moves it back; a rename keeps where the file went, and
 * the renames that brought a file to its path are followed back from it.
 */
class ArchiveAndRenamesTest extends OnEveryStore {

    private static final String MOVED_BACK = "Moved /memories/archive/notes/hello.md back to /memories/notes/hello.md,"
            + " where it was before it was archived";

    private static MemoryPath path(String virtual) throws Exception {
        return MemoryPathParser.parse(virtual);
    }

    private String restore(String virtual, Optional<Integer> number) throws Exception {
        return ((CommandOutput.Text) memory.tool.restore(path(virtual), number)).text();
    }

    private void archive(String relative) throws Exception {
        memory.text("rename", "old_path", "/memories/" + relative, "new_path", "/memories/archive/" + relative);
    }

    @Test
    void restoringAnArchivedFile_movesItBack_leavingNoCopyInTheArchive() throws Exception {
        memory.write("notes/hello.md", "hello\n");
        archive("notes/hello.md");

        assertThat(restore("/memories/notes/hello.md", Optional.empty())).isEqualTo(MOVED_BACK);

        assertThat(memory.read("notes/hello.md")).isEqualTo("hello\n");
        assertThat(memory.exists("archive/notes/hello.md")).isFalse();
        assertThat(memory.store.versions(path("/memories/archive/notes/hello.md")))
                .extracting(FileVersion::operation).containsExactly(FileVersion.Operation.RENAME);
    }

    @Test
    void restoringAVersionOfAnArchivedFile_movesItBackThenWritesThatVersion_keepingWhatItHeld() throws Exception {
        memory.write("notes/hello.md", "one\n");
        memory.text("str_replace", "path", "/memories/notes/hello.md", "old_str", "one", "new_str", "two");
        archive("notes/hello.md");
        FileVersion first = memory.store.versions(path("/memories/notes/hello.md")).get(1);

        assertThat(restore("/memories/notes/hello.md", Optional.of(1))).isEqualTo(MOVED_BACK
                + ". Restored /memories/notes/hello.md to version 1 (kept " + first.time() + "); what it held before"
                + " is now the newest version in its history");

        assertThat(memory.read("notes/hello.md")).isEqualTo("one\n");
        assertThat(memory.exists("archive/notes/hello.md")).isFalse();
        FileVersion newest = memory.store.versions(path("/memories/notes/hello.md")).get(0);
        assertThat(newest.operation()).isEqualTo(FileVersion.Operation.RESTORE);
        assertThat(newest.sha256()).contains(Sha256.hex("two\n".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aFileRenamedElsewhere_orDeletedWithACopyInTheArchive_isWrittenBackAsBefore() throws Exception {
        memory.write("draft.md", "draft\n");
        memory.text("rename", "old_path", "/memories/draft.md", "new_path", "/memories/final.md");
        memory.write("gone.md", "gone\n");
        memory.write("archive/gone.md", "another\n");
        memory.text("delete", "path", "/memories/gone.md");

        restore("/memories/draft.md", Optional.empty());
        restore("/memories/gone.md", Optional.empty());

        assertThat(memory.read("draft.md")).isEqualTo("draft\n");
        assertThat(memory.read("final.md")).isEqualTo("draft\n");
        assertThat(memory.read("gone.md")).isEqualTo("gone\n");
        assertThat(memory.read("archive/gone.md")).isEqualTo("another\n");
    }

    @Test
    void aRename_keepsWhereTheFileWent_withTheVersionKeptUnderTheOldPath() throws Exception {
        memory.write("plan.md", "the plan\n");
        memory.write("dir/a.md", "a\n");
        memory.text("rename", "old_path", "/memories/plan.md", "new_path", "/memories/topics/plan.md");
        memory.text("rename", "old_path", "/memories/dir", "new_path", "/memories/moved");
        memory.text("str_replace", "path", "/memories/topics/plan.md", "old_str", "the", "new_str", "our");

        assertThat(memory.store.versions(path("/memories/plan.md"))).singleElement()
                .satisfies(version -> assertThat(version.renamedTo()).contains(path("/memories/topics/plan.md")));
        assertThat(memory.store.versions(path("/memories/dir/a.md"))).singleElement()
                .satisfies(version -> assertThat(version.renamedTo()).contains(path("/memories/moved/a.md")));
        assertThat(memory.store.versions(path("/memories/topics/plan.md"))).singleElement()
                .satisfies(version -> assertThat(version.renamedTo()).isEmpty());
    }

    @Test
    void aFileRenamedTwice_namesBothEarlierPaths_nearestFirst() throws Exception {
        memory.write("plan.md", "the plan\n");
        memory.text("rename", "old_path", "/memories/plan.md", "new_path", "/memories/topics/plan.md");
        memory.text("str_replace", "path", "/memories/topics/plan.md", "old_str", "the", "new_str", "our");
        memory.text("rename", "old_path", "/memories/topics/plan.md", "new_path", "/memories/done/plan.md");

        assertThat(RenamedFrom.of(memory.store, path("/memories/done/plan.md"))).containsExactly(
                new RenamedFrom.Link(path("/memories/topics/plan.md"), path("/memories/done/plan.md")),
                new RenamedFrom.Link(path("/memories/plan.md"), path("/memories/topics/plan.md")));
        assertThat(RenamedFrom.of(memory.store, path("/memories/never.md"))).isEmpty();
    }

    @Test
    void aFileWithTheSameContentAsARenamedOne_isNotSaidToHaveBeenRenamed() throws Exception {
        memory.write("a.md", "same\n");
        memory.write("b.md", "same\n");
        memory.text("rename", "old_path", "/memories/a.md", "new_path", "/memories/c.md");

        assertThat(RenamedFrom.of(memory.store, path("/memories/b.md"))).isEmpty();
        assertThat(RenamedFrom.of(memory.store, path("/memories/c.md")))
                .containsExactly(new RenamedFrom.Link(path("/memories/a.md"), path("/memories/c.md")));
    }

    @Test
    void aFileRenamedBackAndForth_namesEachPathOnce() throws Exception {
        memory.write("a.md", "a\n");
        memory.text("rename", "old_path", "/memories/a.md", "new_path", "/memories/b.md");
        memory.text("rename", "old_path", "/memories/b.md", "new_path", "/memories/a.md");
        memory.text("rename", "old_path", "/memories/a.md", "new_path", "/memories/b.md");

        assertThat(RenamedFrom.of(memory.store, path("/memories/b.md")))
                .containsExactly(new RenamedFrom.Link(path("/memories/a.md"), path("/memories/b.md")));
    }

    @Test
    void aRedactedRenameVersion_keepsWhereTheFileWent() throws Exception {
        memory.write("secret.md", "token\n");
        memory.text("rename", "old_path", "/memories/secret.md", "new_path", "/memories/kept.md");
        MemoryPath secret = path("/memories/secret.md");
        memory.store.change(files -> {
            files.redact(secret, 1);
            return null;
        });

        assertThat(memory.store.versions(path("/memories/secret.md"))).singleElement()
                .satisfies(version -> assertThat(version.redacted()).isTrue())
                .satisfies(version -> assertThat(version.renamedTo()).contains(path("/memories/kept.md")));
        assertThat(RenamedFrom.of(memory.store, path("/memories/kept.md")))
                .containsExactly(new RenamedFrom.Link(path("/memories/secret.md"), path("/memories/kept.md")));
    }
}
