package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LaunchLineTest {

    /** The options pom.xml sets, as the build filtered them into the classes. */
    private static final List<String> BASE = base();

    @TempDir
    Path temp;

    @Test
    void beforeJava25TheClassDataArchiveIsNamedEvenWhenAbsent() {
        LaunchLine line = new LaunchLine(temp.resolve("memdir.jar"), 17);

        assertThat(BASE).as("options filtered in by the build").isNotEmpty().allMatch(option -> option.startsWith("-X"));
        assertThat(line.archive()).isEqualTo(temp.resolve("memdir-java17.jsa")).doesNotExist();
        assertThat(line.jvmOptions()).startsWith(BASE.toArray(String[]::new))
                .endsWith("-XX:SharedArchiveFile=" + temp.resolve("memdir-java17.jsa"));
        assertThat(line.trainingOptions()).endsWith("-XX:ArchiveClassesAtExit=" + temp.resolve("memdir-java17.jsa"));
    }

    @Test
    void fromJava25TheAotCacheIsNamedOnlyOnceItExists() throws Exception {
        LaunchLine line = new LaunchLine(temp.resolve("memdir.jar"), 25);
        Path cache = temp.resolve("memdir-java25.aot");

        assertThat(line.jvmOptions()).isEqualTo(BASE);
        assertThat(line.trainingOptions()).endsWith("-XX:AOTCacheOutput=" + cache);
        Files.writeString(cache, "cache");
        assertThat(line.jvmOptions()).endsWith("-XX:AOTCache=" + cache).hasSize(BASE.size() + 1);
    }

    private static List<String> base() {
        Properties properties = new Properties();
        try (InputStream in = LaunchLineTest.class.getResourceAsStream("/dev/memdir/launch.properties")) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.of(properties.getProperty("options").trim().split("\\s+"));
    }
}
