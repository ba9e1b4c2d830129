package dev.memdir;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The team's {@code ../shared} folder beside the repository. A clone outside the team has none, so a test that
 * needs it is skipped there (an assumption, visible in the report); under CI=true it must run, so it fails.
 */
public final class SharedFolder {

    private SharedFolder() {}

    /** Returns {@code ../shared/relative}, or skips the calling test (fails it under CI=true) when it is missing. */
    public static Path require(String relative) {
        return require(Path.of("..", "shared", relative), System.getenv("CI"));
    }

    static Path require(Path folder, String ci) {
        if (!Files.isDirectory(folder)) {
            String missing = "Missing " + folder.toAbsolutePath().normalize()
                    + ": this test reads the team's shared folder beside the repository";
            if ("true".equals(ci)) {
                fail(missing);
            }
            Assumptions.abort(missing);
        }
        return folder;
    }
}
