package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.config.ToolLayout;
import dev.memdir.json.SharedJson;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import dev.memdir.server.feature.Tool;
import dev.memdir.server.legacy.LegacyDefinitions;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The start-up check PrecheckedToolSchemas skips is made here, with the SDK's own validator; and what the tool list
 * costs, since a client puts it in the model's context on every request.
 */
class ToolCatalogTest {

    private final ToolCatalog catalog = new ToolCatalog(new ObjectMapper());
    private final JsonSchemaValidator validator = McpJsonDefaults.getSchemaValidator();

    @Test
    void everyToolInEveryLayoutHasAValidInputSchema() {
        List<Tool.Definition> tools = new ArrayList<>(catalog.split(false));
        tools.addAll(catalog.split(true));
        tools.add(catalog.single(false));
        tools.add(catalog.single(true));
        tools.add(catalog.search());

        assertThat(tools).hasSize(10);
        for (Tool.Definition tool : tools) {
            assertThat(validator.validateSchema(tool.inputSchema()).valid()).as(tool.name()).isTrue();
        }
    }

    @Test
    void theNamesKnownBeforeTheCatalogIsReadAreTheNamesItPublishes() {
        for (boolean readOnly : new boolean[] {false, true}) {
            assertThat(ToolCatalog.names(ToolLayout.SPLIT, readOnly, false, false))
                    .containsExactlyInAnyOrderElementsOf(
                            catalog.split(readOnly).stream().map(Tool.Definition::name).toList());
            assertThat(ToolCatalog.names(ToolLayout.SINGLE, readOnly, true, false))
                    .containsExactlyInAnyOrder(catalog.single(readOnly).name(), catalog.search().name());
            assertThat(ToolCatalog.names(ToolLayout.SPLIT, readOnly, false, true))
                    .contains(catalog.context().name());
        }
    }

    @Test
    void theValidatorUsedForTheCheckRejectsABrokenSchema() {
        Map<String, Object> broken = Map.of("type", "object", "properties", Map.of("path", Map.of("type", 7)));

        assertThat(validator.validateSchema(broken).valid()).isFalse();
    }

    @Test
    void theDefaultToolListCostsAtMost4000Bytes() throws Exception {
        assertThat(listBytes(catalog.split(false))).isLessThanOrEqualTo(4000);
    }

    @Test
    void everyToolAndParameterIsDescribed() {
        for (Tool.Definition tool : withSearch(catalog.split(false))) {
            assertThat(tool.description()).as(tool.name()).isNotBlank();
            ((Map<?, ?>) tool.inputSchema().get("properties")).forEach((name, property) -> assertThat(
                    ((Map<?, ?>) property).get("description")).as(tool.name() + "." + name).isNotNull());
        }
    }

    @Test
    void theShortDescriptionsKeepTheRulesAModelMustKnow() {
        Map<String, String> text = catalog.split(false).stream()
                .collect(Collectors.toMap(Tool.Definition::name, Tool.Definition::toString));

        assertThat(text.get("view")).contains("Paths always start with /memories", "1-based, inclusive",
                "end -1 means the end of the file", "paged: its last line names the view_range");
        assertThat(text.get("insert")).contains("0 means before the first line");
        assertThat(text.get("str_replace")).contains("occur exactly once", "omit it to delete old_str");
        assertThat(text.get("create")).contains("Fails if the path exists", "e.g. /memories/");
    }

    private List<Tool.Definition> withSearch(List<Tool.Definition> tools) {
        List<Tool.Definition> all = new ArrayList<>(tools);
        all.add(catalog.search());
        return all;
    }

    /** The tools/list result as the server serializes it. */
    private static int listBytes(List<Tool.Definition> tools) throws Exception {
        String result = SharedJson.mcp().writeValueAsString(McpSchema.ListToolsResult.builder(
                tools.stream().map(LegacyDefinitions::tool).toList()).build());
        return result.getBytes(StandardCharsets.UTF_8).length;
    }
}
