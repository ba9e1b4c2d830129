package dev.memdir.bench;

import dev.memdir.e2e.support.JarLauncher;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A memdir command the bench runs to completion ({@code memdir store copy}, {@code memdir key create}): {@code java
 * -jar} with the bench's environment without memdir settings, plus {@code env}; its stderr goes to {@link #log()}.
 */
record JarCommand(Workspace workspace, String name, Map<String, String> env) {

    /** Runs {@code args}; fails the bench, naming {@code what} and the log, unless it exits with 0. */
    void run(String what, List<String> args) throws IOException, InterruptedException {
        int status = status(args);
        if (status != 0) {
            throw new BenchFailure(what + " exited with " + status + "; see " + log());
        }
    }

    /** Runs {@code args} and returns its exit status. */
    int status(List<String> args) throws IOException, InterruptedException {
        return JarLauncher.plain(args.toArray(String[]::new)).withoutEnv(each -> each.startsWith("MEMDIR_")).env(env)
                .emptyStdin().stdoutTo(workspace.log(name + "-stdout")).stderrTo(log()).start().waitFor();
    }

    /** Where the command's stderr goes (appended). */
    Path log() throws IOException {
        return workspace.log(name);
    }
}
