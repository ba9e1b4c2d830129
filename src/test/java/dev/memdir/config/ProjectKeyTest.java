package dev.memdir.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Project keys of git layouts built by hand (a {@code .git} directory or file) deep inside the temp dir. */
class ProjectKeyTest {

    @TempDir
    Path temp;

    private Path box;

    @BeforeEach
    void createBox() throws IOException {
        box = Files.createDirectories(temp.resolve("box/projects")).toRealPath();
    }

    /** Returns the key the spec gives for {@code root}: its canonical path with non-alphanumerics as dashes. */
    private static String keyOf(Path root) throws IOException {
        return root.toRealPath().toString().replaceAll("[^A-Za-z0-9]", "-");
    }

    private Path dir(String relative) throws IOException {
        return Files.createDirectories(box.resolve(relative));
    }

    /** Makes {@code relative} a main worktree: a directory holding a {@code .git} directory. */
    private Path repo(String relative) throws IOException {
        Path root = dir(relative);
        Files.createDirectories(root.resolve(".git"));
        return root;
    }

    /** Writes a {@code .git} file into {@code worktree} pointing at {@code gitDir}. */
    private static void gitFile(Path worktree, String gitDir) throws IOException {
        Files.writeString(worktree.resolve(".git"), "gitdir: " + gitDir + "\n");
    }

    /** Makes a linked worktree of {@code main} named {@code name}, as {@code git worktree add} lays it out. */
    private Path linkedWorktree(Path main, String relative, String name) throws IOException {
        Path adminDir = Files.createDirectories(main.resolve(".git/worktrees").resolve(name));
        Files.writeString(adminDir.resolve("commondir"), "../..\n");
        Path worktree = dir(relative);
        gitFile(worktree, adminDir.toString());
        Files.writeString(adminDir.resolve("gitdir"), worktree.resolve(".git") + "\n");
        return worktree;
    }

    @Test
    void key_everyCharOutsideLettersAndDigitsBecomesDash() throws Exception {
        Path project = repo("My Project.v2_x+y@z~");

        String key = ProjectKey.of(project);

        assertThat(key).isEqualTo(keyOf(project)).matches("[A-Za-z0-9-]+")
                .endsWith("-box-projects-My-Project-v2-x-y-z-");
    }

    @Test
    void key_keepsCaseAndDigits() throws Exception {
        Path project = repo("AbC123");

        assertThat(ProjectKey.of(project)).endsWith("-projects-AbC123").startsWith("-");
    }

    @Test
    void repoRoot_keysToItself() throws Exception {
        Path repo = repo("repo");

        assertThat(ProjectKey.of(repo)).isEqualTo(keyOf(repo));
    }

    @Test
    void subdirectoryOfRepo_keysToRepoRoot() throws Exception {
        Path repo = repo("repo");
        Path deep = dir("repo/src/main/java");

        assertThat(ProjectKey.of(deep)).isEqualTo(keyOf(repo));
    }

    @Test
    void nestedRepo_keysToInnermost() throws Exception {
        repo("outer");
        Path inner = repo("outer/vendor/inner");

        assertThat(ProjectKey.of(dir("outer/vendor/inner/lib"))).isEqualTo(keyOf(inner));
    }

    @ParameterizedTest(name = "worktree at {0}")
    @CsvSource({"elsewhere/feature, feature", "main/.worktrees/wt, wt"})
    void linkedWorktree_keysToMainWorktree(String relative, String name) throws Exception {
        Path main = repo("main");
        Path worktree = linkedWorktree(main, relative, name);

        assertThat(ProjectKey.of(worktree)).isEqualTo(keyOf(main));
    }

    @Test
    void subdirectoryOfLinkedWorktree_keysToMainWorktree() throws Exception {
        Path main = repo("main");
        Path worktree = linkedWorktree(main, "elsewhere/feature", "wt");

        assertThat(ProjectKey.of(Files.createDirectories(worktree.resolve("src/app")))).isEqualTo(keyOf(main));
    }

    @Test
    void linkedWorktree_relativeGitdir_keysToMainWorktree() throws Exception {
        Path main = repo("main");
        Path worktree = linkedWorktree(main, "wt", "wt");
        gitFile(worktree, "../main/.git/worktrees/wt");

        assertThat(ProjectKey.of(worktree)).isEqualTo(keyOf(main));
    }

    @Test
    void twoWorktrees_shareOneKey() throws Exception {
        Path main = repo("main");
        Path first = linkedWorktree(main, "wt1", "wt1");
        Path second = linkedWorktree(main, "wt2", "wt2");

        assertThat(ProjectKey.of(first)).isEqualTo(ProjectKey.of(second)).isEqualTo(ProjectKey.of(main));
    }

    @Test
    void submodule_gitFileWithoutCommondir_keysToItself() throws Exception {
        repo("super");
        Files.createDirectories(box.resolve("super/.git/modules/sub"));
        Path sub = dir("super/sub");
        gitFile(sub, "../.git/modules/sub");

        assertThat(ProjectKey.of(dir("super/sub/src"))).isEqualTo(keyOf(sub));
    }

    @Test
    void gitFileWithoutGitdirLine_keysToItsDirectory() throws Exception {
        repo("outer");
        Path odd = dir("outer/odd");
        Files.writeString(odd.resolve(".git"), "not a gitdir line\n");

        assertThat(ProjectKey.of(odd)).isEqualTo(keyOf(odd));
    }

    @Test
    void outsideGit_keysToTheDirectoryItself() throws Exception {
        assumeThat(anyAncestorHasGit(box)).as("the temp dir must not lie inside a git repository").isFalse();
        Path plain = dir("plain/dir");

        assertThat(ProjectKey.of(plain)).isEqualTo(keyOf(plain));
    }

    @Test
    void symlinkedProjectDir_keysToCanonicalPath() throws Exception {
        Path real = repo("real");
        Path link = Files.createSymbolicLink(box.resolve("link"), real);

        assertThat(ProjectKey.of(link)).isEqualTo(keyOf(real)).endsWith("-real");
    }

    @Test
    void symlinkIntoRepoSubdirectory_keysToRepoRoot() throws Exception {
        Path repo = repo("repo");
        Path link = Files.createSymbolicLink(box.resolve("shortcut"), dir("repo/docs"));

        assertThat(ProjectKey.of(link)).isEqualTo(keyOf(repo));
    }

    @Test
    void symlinkedMainWorktree_keysToCanonicalMain() throws Exception {
        Path main = repo("main");
        Path mainLink = Files.createSymbolicLink(box.resolve("main-link"), main);
        Path worktree = dir("wt");
        Path adminDir = Files.createDirectories(main.resolve(".git/worktrees/wt"));
        Files.writeString(adminDir.resolve("commondir"), "../..\n");
        gitFile(worktree, mainLink.resolve(".git/worktrees/wt").toString());

        assertThat(ProjectKey.of(worktree)).isEqualTo(keyOf(main));
    }

    private static boolean anyAncestorHasGit(Path directory) {
        for (Path candidate = directory; candidate != null; candidate = candidate.getParent()) {
            if (Files.exists(candidate.resolve(".git"))) {
                return true;
            }
        }
        return false;
    }
}
