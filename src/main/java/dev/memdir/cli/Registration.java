package dev.memdir.cli;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line an MCP client runs to start this jar: absolute paths to java and to the jar. */
final class Registration {

    private Registration() {}

    /** Returns {@code [java, -jar, jar, extra...]} for the java running now and the jar it runs. */
    static List<String> command(List<String> extra) {
        List<String> command = new ArrayList<>(List.of(java().toString(), "-jar", jar().toString()));
        command.addAll(extra);
        return command;
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
