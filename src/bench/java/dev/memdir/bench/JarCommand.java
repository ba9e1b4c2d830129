package dev.memdir.bench;

import dev.memdir.e2e.support.JarLauncher;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A memdir command the bench runs to completion ({@code memdir store copy}, {@code memdir key create}): {@code java
 * -jar} with the bench's environment without memdir settings, plus {@code env}; its output goes to logs named
 * {@code name} in the workspace.
 */
record JarCommand(Workspace workspace, String name, Map<String, String> env) {

    /** Runs {@code args}; fails the bench, naming {@code what} and the log, unless it exits with 0. */
    void run(String what, List<String> args) throws IOException, InterruptedException {
        Path log = workspace.log(name);
        Process process = JarLauncher.plain(args.toArray(String[]::new)).withoutEnv(each -> each.startsWith("MEMDIR_"))
                .env(env).emptyStdin().stdoutTo(workspace.log(name + "-stdout")).stderrTo(log).start();
        if (process.waitFor() != 0) {
            throw new BenchFailure(what + " exited with " + process.exitValue() + "; see " + log);
        }
    }
}
