package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A project of 5,000 directories and 500 rules files on disk, for the instruction resolution benchmarks: 450
 * project rules in 20 groups (half with {@code paths:}), 50 user rules, a CLAUDE.md importing a style guide at the
 * top and one in every hundredth directory.
 */
final class LargeInstructionTree {

    private static final int TOP_DIRECTORIES = 50;
    private static final int CHILDREN = 99;
    private static final int PROJECT_RULES = 450;
    private static final int USER_RULES = 50;

    final Path home;
    final Path project;

    private LargeInstructionTree(Path home, Path project) {
        this.home = home;
        this.project = project;
    }

    /** Builds the tree under {@code base}: {@code base/home} (user rules in {@code .claude}), {@code base/project}. */
    static LargeInstructionTree create(Path base) throws IOException {
        Path home = Files.createDirectories(base.resolve("home"));
        Path project = Files.createDirectories(base.resolve("project"));
        Files.writeString(project.resolve("CLAUDE.md"), "# Project\nSee @docs/style.md\n");
        Files.createDirectories(project.resolve("docs"));
        Files.writeString(project.resolve("docs/style.md"), "Style guide.\n");
        int directories = 0;
        for (int top = 0; top < TOP_DIRECTORIES; top++) {
            Path parent = Files.createDirectories(project.resolve("m" + top));
            directories++;
            for (int child = 0; child < CHILDREN; child++) {
                Path directory = Files.createDirectories(parent.resolve("c" + child));
                if (++directories % 100 == 0) {
                    Files.writeString(directory.resolve("CLAUDE.md"), "Notes for " + directory.getFileName() + "\n");
                }
            }
        }
        for (int rule = 0; rule < PROJECT_RULES; rule++) {
            Path file = project.resolve(".claude/rules/group" + (rule % 20) + "/rule" + rule + ".md");
            Files.createDirectories(file.getParent());
            String paths = rule % 2 == 0
                    ? "---\npaths: \"m" + (rule % TOP_DIRECTORIES) + "/**/*.{ts,tsx}\"\n---\n"
                    : "";
            Files.writeString(file, paths + "Rule " + rule + ": keep functions short.\n");
        }
        for (int rule = 0; rule < USER_RULES; rule++) {
            Path file = home.resolve(".claude/rules/user" + rule + ".md");
            Files.createDirectories(file.getParent());
            Files.writeString(file, "User rule " + rule + ".\n");
        }
        return new LargeInstructionTree(home, project);
    }

    Path claudeConfig() {
        return home.resolve(".claude");
    }
}
