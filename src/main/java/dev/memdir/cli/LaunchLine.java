package dev.memdir.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * The JVM options of the recommended launch line for one Java version: those in launch.properties (set in
 * pom.xml) plus a start-up archive next to the jar, made by a training run ({@link ArchiveTraining}). Java 25
 * and later use an AOT cache, which also keeps linked classes and profiles; older ones a class-data archive. A
 * JVM that cannot use the archive (absent, or made by another build of Java) starts without it.
 */
final class LaunchLine {

    private static final int AOT_CACHE_SINCE = 25;

    private final Path archive;
    private final boolean aotCache;

    LaunchLine(Path jar, int javaFeatureVersion) {
        this.aotCache = javaFeatureVersion >= AOT_CACHE_SINCE;
        this.archive = jar.resolveSibling("memdir-java" + javaFeatureVersion + (aotCache ? ".aot" : ".jsa"));
    }

    Path archive() {
        return archive;
    }

    /**
     * The options that start memdir with the archive. An absent class-data archive is passed over in silence, so
     * the option stays (a later build's archive is then used); an absent AOT cache is reported as an error at
     * every start, so that option is left out until the cache exists.
     */
    List<String> jvmOptions() {
        if (aotCache && !Files.isRegularFile(archive)) {
            return withBase(null);
        }
        return withBase((aotCache ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=") + archive);
    }

    /** The options of the training run that writes the archive when it exits. */
    List<String> trainingOptions() {
        return withBase((aotCache ? "-XX:AOTCacheOutput=" : "-XX:ArchiveClassesAtExit=") + archive);
    }

    private static List<String> withBase(String archiveOption) {
        Properties properties = new Properties();
        try (InputStream in = LaunchLine.class.getResourceAsStream("/dev/memdir/launch.properties")) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("launch.properties is missing from the jar", e);
        }
        List<String> options = new ArrayList<>(Arrays.asList(properties.getProperty("options").trim().split("\\s+")));
        if (archiveOption != null) {
            options.add(archiveOption);
        }
        return options;
    }
}
