package dev.memdir;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.AnnotationKeyword;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** server.json against the MCP registry's own schema (../shared/schemas, see SOURCE.md there). */
class ServerJsonSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Schema schema;
    private ObjectNode serverJson;

    @BeforeEach
    void load() throws Exception {
        Path schemaFile = SharedFolder.require("schemas").resolve("server.schema.json");
        // The registry's schema annotates with "example", which draft 7 does not define: known, so no warning.
        Dialect draft7 = Dialect.builder(Dialects.getDraft7()).keyword(new AnnotationKeyword("example")).build();
        schema = SchemaRegistry.withDefaultDialect(draft7).getSchema(JSON.readTree(schemaFile.toFile()));
        serverJson = (ObjectNode) JSON.readTree(Path.of("server.json").toFile());
    }

    @Test
    void serverJsonValidates() {
        assertThat(errors(serverJson)).isEmpty();
    }

    @Test
    void aServerJsonWithoutANameIsRejected() {
        serverJson.remove("name");

        assertThat(errors(serverJson)).singleElement().asString().contains("name");
    }

    /** The schema itself forbids it ("not": {"const": "latest"} on Package.version), beyond its description. */
    @Test
    void aPackageVersionOfLatestIsRejected() {
        ((ObjectNode) serverJson.withArray("packages").get(0)).put("version", "latest");

        assertThat(errors(serverJson)).singleElement().asString().contains("/packages/0/version");
    }

    private List<Error> errors(JsonNode document) {
        return schema.validate(document);
    }
}
