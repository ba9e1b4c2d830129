package dev.memdir.instructions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A fixture tree in a temp directory: a home with a Claude config directory, a managed-policy directory,
 * and a project two levels below a workspace directory, so ancestors can hold instructions too.
 */
final class InstructionTree {

    final Path base;
    final Path home;
    final Path claude;
    final Path managed;
    final Path workspace;
    final Path project;

    InstructionTree(Path temp) throws IOException {
        this.base = temp.toRealPath().resolve("tree");
        this.home = Files.createDirectories(base.resolve("home/user"));
        this.claude = home.resolve(".claude");
        this.managed = Files.createDirectories(base.resolve("etc/claude-code"));
        this.workspace = Files.createDirectories(base.resolve("work"));
        this.project = Files.createDirectories(workspace.resolve("app"));
    }

    InstructionLocations locations() {
        return new InstructionLocations(project, home, claude, managed, true, false);
    }

    Instructions resolve() throws IOException {
        return new InstructionResolver(locations()).resolve();
    }

    Instructions resolveFor(String path) throws IOException {
        return new InstructionResolver(locations()).resolveFor(path);
    }

    /** Writes {@code text} at {@code path} (relative to the tree's base unless absolute), creating directories. */
    Path write(Path path, String text) throws IOException {
        Files.createDirectories(path.getParent());
        return Files.writeString(path, text, StandardCharsets.UTF_8);
    }

    Path inProject(String relative, String text) throws IOException {
        return write(project.resolve(relative), text);
    }
}
