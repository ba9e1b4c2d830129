package dev.memdir.server.sdk;

import dev.memdir.server.feature.UriTemplate;
import io.modelcontextprotocol.util.McpUriTemplateManager;
import java.util.List;
import java.util.Map;

/**
 * The 2025-11-25 server's URI template matcher, memdir's {@link UriTemplate}: the SDK's own knows only
 * {@code {name}}, so {@code memdir://instructions/for/{+path}} would never match a nested path.
 */
public final class ReservedExpansionTemplates implements McpUriTemplateManager {

    private final UriTemplate template;

    public ReservedExpansionTemplates(String template) {
        this.template = new UriTemplate(template);
    }

    @Override
    public List<String> getVariableNames() {
        return template.variableNames();
    }

    @Override
    public Map<String, String> extractVariableValues(String uri) {
        return template.values(uri);
    }

    @Override
    public boolean matches(String uri) {
        return template.matches(uri);
    }

    @Override
    public boolean isUriTemplate(String uri) {
        return UriTemplate.isTemplate(uri);
    }
}
