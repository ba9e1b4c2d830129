package dev.memdir.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

class LauncherTest {

    @Test
    void oldJavaGetsOneLineSayingWhatToDo() {
        assertThat(Launcher.problem("1.8", "/usr/lib/jvm/java-8")).isEqualTo(
                "memdir: needs Java 17 or later, but /usr/lib/jvm/java-8 is Java 1.8; install Java 17+ and run the jar"
                        + " with its java");
        assertThat(Launcher.problem("11", "/opt/jdk-11")).startsWith("memdir: needs Java 17 or later, but /opt/jdk-11"
                + " is Java 11;");
        assertThat(Launcher.problem("16.0.2", "/j")).isNotNull();
    }

    @Test
    void java17AndLaterRunMemdir() {
        assertThat(Launcher.problem("17", "/j")).isNull();
        assertThat(Launcher.problem("21", "/j")).isNull();
        assertThat(Launcher.problem("25", "/j")).isNull();
    }

    @Test
    void launcherClassLoadsOnJava8() throws Exception {
        try (InputStream in = Launcher.class.getResourceAsStream("Launcher.class");
                DataInputStream data = new DataInputStream(in)) {
            assertThat(data.readInt()).isEqualTo(0xCAFEBABE);
            data.readUnsignedShort();
            assertThat(data.readUnsignedShort()).as("class file major version").isEqualTo(52);
        }
    }
}
