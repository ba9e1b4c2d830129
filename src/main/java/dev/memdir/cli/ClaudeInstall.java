package dev.memdir.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code memdir config claude-code --install}: removes memdir's earlier registration under the same name from Claude
 * Code's user config, if there is one, runs {@code claude mcp add}, and passes on its output and exit code.
 */
final class ClaudeInstall {

    private ClaudeInstall() {}

    /**
     * Runs {@code add} ({@code claude mcp add --scope user ... name ...}) with the claude CLI on the PATH, after
     * {@code claude mcp remove --scope user name}: {@code claude mcp add} refuses a name that is taken, and the
     * registration under memdir's name is memdir's own. Returns the exit code of {@code add}.
     */
    static int run(List<String> add, String name, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        Optional<Path> claude = onPath("claude");
        if (claude.isEmpty()) {
            err.println("memdir: the claude CLI is not on the PATH; install Claude Code, then run:");
            err.println("  " + ConfigCommand.shell(add));
            return ExitCode.FAILED.code();
        }
        String program = claude.get().toString();
        // Exit 0 means there was one and it is gone; otherwise there was none in the user config, and what
        // claude says about that is not news.
        Process remove = new ProcessBuilder(program, "mcp", "remove", "--scope", "user", name)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        boolean replacing = remove.waitFor() == 0;
        List<String> command = new ArrayList<>(add);
        command.set(0, program);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        out.write(process.getInputStream().readAllBytes());
        out.flush();
        int exit = process.waitFor();
        if (replacing) {
            err.println(exit == 0 ? replaced(name) : removedButNotAdded(name));
        }
        return exit;
    }

    /**
     * Runs {@code claude mcp remove --scope user name} with the claude CLI on the PATH; returns whether a registration
     * was removed (false when there was none, or no claude CLI to ask).
     */
    static boolean remove(String name, PrintStream err) throws IOException, InterruptedException {
        Optional<Path> claude = onPath("claude");
        if (claude.isEmpty()) {
            err.println("memdir: the claude CLI is not on the PATH; if memdir is still registered, run:");
            err.println("  claude mcp remove --scope user " + name);
            return false;
        }
        Process remove = new ProcessBuilder(claude.get().toString(), "mcp", "remove", "--scope", "user", name)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return remove.waitFor() == 0;
    }

    /** Whether the claude CLI is on the PATH. */
    static boolean available() {
        return onPath("claude").isPresent();
    }

    private static String replaced(String name) {
        return "memdir: replaced the earlier registration of " + name + " in Claude Code's user config";
    }

    private static String removedButNotAdded(String name) {
        return "memdir: removed the earlier registration of " + name + " from Claude Code's user config, but"
                + " 'claude mcp add' failed (above)";
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
