package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The start-up check PrecheckedToolSchemas skips is made here, with the SDK's own validator. */
class ToolCatalogTest {

    private final ToolCatalog catalog = new ToolCatalog(new ObjectMapper());
    private final JsonSchemaValidator validator = McpJsonDefaults.getSchemaValidator();

    @Test
    void everyToolInEveryLayoutHasAValidInputSchema() {
        List<McpSchema.Tool> tools = new ArrayList<>(catalog.split(false));
        tools.addAll(catalog.split(true));
        tools.add(catalog.single(false));
        tools.add(catalog.single(true));
        tools.add(catalog.search());

        assertThat(tools).hasSize(10);
        for (McpSchema.Tool tool : tools) {
            assertThat(validator.validateSchema(tool.inputSchema()).valid()).as(tool.name()).isTrue();
        }
    }

    @Test
    void theValidatorUsedForTheCheckRejectsABrokenSchema() {
        Map<String, Object> broken = Map.of("type", "object", "properties", Map.of("path", Map.of("type", 7)));

        assertThat(validator.validateSchema(broken).valid()).isFalse();
    }
}
