package dev.memdir.cli;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line an MCP client runs to start this jar: absolute paths to java and to the jar. */
final class Registration {

    private Registration() {}

    /** Returns {@code [java, options..., -jar, jar, extra...]}: the recommended line for the java running now. */
    static List<String> command(List<String> extra) {
        List<String> command = new ArrayList<>(List.of(java().toString()));
        command.addAll(launchLine().jvmOptions());
        command.add("-jar");
        command.add(jar().toString());
        command.addAll(extra);
        return command;
    }

    static LaunchLine launchLine() {
        return new LaunchLine(jar(), Runtime.version().feature());
    }

    static Path java() {
        return ProcessHandle.current().info().command().map(Path::of)
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java")).toAbsolutePath();
    }

    static Path jar() {
        try {
            return Path.of(Registration.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toAbsolutePath();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot tell where memdir.jar is", e);
        }
    }
}
