package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectPathsTest {

    @TempDir
    Path project;

    @BeforeEach
    void tree() throws Exception {
        Files.createDirectories(project.resolve("src/main"));
        Files.writeString(project.resolve("src/App.java"), "");
        Files.writeString(project.resolve("README.md"), "");
        Files.createDirectories(project.resolve(".claude/rules"));
        Files.writeString(project.resolve(".gitignore"), "");
    }

    @Test
    void nothingTyped_theProjectsTopLevel_directoriesEndingInSlash_hiddenLeftOut() throws Exception {
        assertThat(ProjectPaths.candidates(project, "")).containsExactlyInAnyOrder("src/", "README.md");
    }

    @Test
    void aTypedDirectory_itsEntriesBelowIt() throws Exception {
        assertThat(ProjectPaths.candidates(project, "src/Ap")).containsExactlyInAnyOrder("src/main/", "src/App.java");
    }

    @Test
    void aTypedDot_hiddenEntriesToo() throws Exception {
        assertThat(ProjectPaths.candidates(project, ".cl")).contains(".claude/", ".gitignore", "src/");
        assertThat(ProjectPaths.candidates(project, ".claude/")).containsExactly(".claude/rules/");
    }

    @Test
    void textThatLeavesTheProjectOrNamesNoDirectory_nothing() throws Exception {
        assertThat(ProjectPaths.candidates(project, "../")).isEmpty();
        assertThat(ProjectPaths.candidates(project, "src/../../")).isEmpty();
        assertThat(ProjectPaths.candidates(project, "/etc/")).isEmpty();
        assertThat(ProjectPaths.candidates(project, "README.md/")).isEmpty();
        assertThat(ProjectPaths.candidates(project, "missing/x")).isEmpty();
        assertThat(ProjectPaths.candidates(project, "a\u0000b/")).isEmpty();
    }
}
