package dev.memdir.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code memdir config claude-code --install}: runs {@code claude mcp add} and passes on its output and exit code. */
final class ClaudeInstall {

    private ClaudeInstall() {}

    /** Runs {@code add} ({@code claude mcp add ...}) with the claude CLI on the PATH; returns its exit code. */
    static int run(List<String> add, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        Optional<Path> claude = onPath("claude");
        if (claude.isEmpty()) {
            err.println("memdir: the claude CLI is not on the PATH; install Claude Code, then run:");
            err.println("  " + ConfigCommand.shell(add));
            return ExitCode.FAILED.code();
        }
        List<String> command = new ArrayList<>(add);
        command.set(0, claude.get().toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        out.write(process.getInputStream().readAllBytes());
        out.flush();
        return process.waitFor();
    }

    private static Optional<Path> onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String directory : path.split(File.pathSeparator)) {
            Path candidate = Path.of(directory, program);
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
