package dev.memdir.server.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The list of SDK gaps names the SDK version the build uses: a new SDK means checking each gap again. */
class SdkGapsTest {

    @Test
    void theGapsWereCheckedAgainstTheSdkThePomPins() throws Exception {
        Matcher pinned = Pattern.compile("<mcp\\.version>([^<]+)</mcp\\.version>")
                .matcher(Files.readString(Path.of("pom.xml")));
        assertThat(pinned.find()).as("the pom's mcp.version").isTrue();

        String gaps = Files.readString(Path.of("src/main/java/dev/memdir/server/sdk/package-info.java"));

        assertThat(gaps).contains("Checked against the MCP Java SDK " + pinned.group(1) + " ");
    }
}
