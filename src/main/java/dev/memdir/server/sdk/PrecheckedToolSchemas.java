package dev.memdir.server.sdk;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.Map;

/**
 * The schema validator handed to the SDK. The SDK checks every tool's input schema at start-up, which loads a
 * full JSON Schema implementation (about a tenth of a second); our tool schemas are fixed in the jar and
 * ToolCatalogTest checks each one with that same validator, so the start-up check is answered without work.
 * Validating a value (structured tool output) still goes to the SDK's validator, loaded on first use.
 */
public final class PrecheckedToolSchemas implements JsonSchemaValidator {

    @Override
    public ValidationResponse validateSchema(Map<String, Object> schema) {
        return ValidationResponse.asValid(null);
    }

    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object value) {
        return McpJsonDefaults.getSchemaValidator().validate(schema, value);
    }
}
