package dev.memdir.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The name a project's memory lives under: the canonical git root of the project directory (the main
 * worktree's, so that every worktree shares one memory), or the directory itself outside git, with every
 * character outside {@code [A-Za-z0-9]} replaced by {@code -}.
 */
final class ProjectKey {

    private ProjectKey() {}

    /** Returns the key of {@code project}'s memory; {@code instead} says what names a memory without one. */
    static String required(Path project, String instead) throws ConfigException {
        try {
            return of(project);
        } catch (IOException e) {
            throw new ConfigException("cannot work out the project of " + project + " (" + e.getMessage()
                    + "); give " + instead);
        }
    }

    static String of(Path projectDirectory) throws IOException {
        Path canonical = projectDirectory.toRealPath();
        return mainWorktreeRoot(canonical).toString().replaceAll("[^A-Za-z0-9]", "-");
    }

    /** Returns the main worktree's root for a directory inside git, else the directory itself. */
    static Path mainWorktreeRoot(Path directory) throws IOException {
        for (Path candidate = directory; candidate != null; candidate = candidate.getParent()) {
            Path dotGit = candidate.resolve(".git");
            if (Files.isDirectory(dotGit)) {
                return candidate;
            }
            if (Files.isRegularFile(dotGit)) {
                return linkedWorktreeMain(candidate, dotGit);
            }
        }
        return directory;
    }

    /** A linked worktree's {@code .git} file names its git dir, whose {@code commondir} leads to the main one. */
    private static Path linkedWorktreeMain(Path worktree, Path dotGitFile) throws IOException {
        String content = Files.readString(dotGitFile, StandardCharsets.UTF_8).trim();
        if (!content.startsWith("gitdir:")) {
            return worktree;
        }
        Path gitDir = worktree.resolve(content.substring("gitdir:".length()).trim()).normalize();
        Path commonDirFile = gitDir.resolve("commondir");
        if (!Files.isRegularFile(commonDirFile)) {
            return worktree;
        }
        Path commonDir = gitDir.resolve(Files.readString(commonDirFile, StandardCharsets.UTF_8).trim()).normalize();
        Path main = commonDir.getParent();
        return main == null ? worktree : main.toRealPath();
    }
}
