package dev.memdir;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/** The files a release publishes say the same version as the pom, and describe the same bundle. */
class ReleaseFilesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String pomVersion() throws Exception {
        Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of("pom.xml").toFile()).getDocumentElement();
        return project.getElementsByTagName("version").item(0).getTextContent().trim();
    }

    @Test
    void serverJsonNamesThePomVersionAndAnMcpbPackageOverStdio() throws Exception {
        JsonNode server = JSON.readTree(Path.of("server.json").toFile());
        String version = pomVersion();

        assertThat(server.path("version").asText()).isEqualTo(version);
        assertThat(server.path("name").asText()).matches("^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$");
        assertThat(server.path("description").asText()).hasSizeLessThanOrEqualTo(100);
        JsonNode bundle = server.path("packages").get(0);
        assertThat(bundle.path("registryType").asText()).isEqualTo("mcpb");
        assertThat(bundle.path("version").asText()).isEqualTo(version);
        assertThat(bundle.path("identifier").asText()).endsWith("/v" + version + "/memdir.mcpb");
        assertThat(bundle.path("fileSha256").asText()).matches("[0-9a-f]{64}");
        assertThat(bundle.path("transport").path("type").asText()).isEqualTo("stdio");
    }

    @Test
    void bundleManifestNamesThePomVersionAndLaunchesTheBundledJar() throws Exception {
        JsonNode manifest = JSON.readTree(Path.of("src/mcpb/manifest.json").toFile());

        assertThat(manifest.path("version").asText()).isEqualTo(pomVersion());
        assertThat(manifest.path("server").path("mcp_config").path("args").toString())
                .isEqualTo("[\"-jar\",\"${__dirname}/server/memdir.jar\"]");
        assertThat(manifest.path("tools")).extracting(tool -> tool.path("name").asText())
                .containsExactly("view", "create", "str_replace", "insert", "delete", "rename");
    }
}
