package dev.memdir.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** The version Maven stamped into the jar. */
final class Version implements CommandLine.IVersionProvider {

    static String current() {
        Properties properties = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("/dev/memdir/version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            return "unknown";
        }
        return properties.getProperty("version", "unknown");
    }

    @Override
    public String[] getVersion() {
        return new String[] {"memdir " + current()};
    }
}
