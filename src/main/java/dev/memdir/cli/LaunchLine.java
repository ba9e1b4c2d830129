package dev.memdir.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * The JVM options of the recommended launch line: those in launch.properties (set in pom.xml) plus the
 * class-data archive next to the jar. The build writes that archive with the JDK that built the jar; a JVM
 * that cannot use it (absent, or made by another JDK) starts without it. Java 19 and later also write it
 * themselves at the end of a run when it is absent or stale.
 */
final class LaunchLine {

    static final String ARCHIVE = "memdir.jsa";
    private static final int AUTO_CREATE_SINCE = 19;

    private LaunchLine() {}

    static List<String> jvmOptions(Path jar, int javaFeatureVersion) {
        List<String> options = new ArrayList<>(baseOptions());
        if (javaFeatureVersion >= AUTO_CREATE_SINCE) {
            options.add("-XX:+AutoCreateSharedArchive");
        }
        options.add("-XX:SharedArchiveFile=" + jar.resolveSibling(ARCHIVE));
        return options;
    }

    private static List<String> baseOptions() {
        Properties properties = new Properties();
        try (InputStream in = LaunchLine.class.getResourceAsStream("/dev/memdir/launch.properties")) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("launch.properties is missing from the jar", e);
        }
        return Arrays.asList(properties.getProperty("options").trim().split("\\s+"));
    }
}
