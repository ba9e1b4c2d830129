package dev.memdir.server;

import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.McpSyncResponse;
import io.modelcontextprotocol.modern.server.feature.McpSyncCompletionHandler;
import io.modelcontextprotocol.modern.server.feature.McpSyncResource;
import io.modelcontextprotocol.modern.server.feature.McpSyncResourceRepository;
import io.modelcontextprotocol.modern.server.feature.McpSyncResourceTemplate;
import io.modelcontextprotocol.modern.server.feature.ResourceTemplatesPage;
import io.modelcontextprotocol.modern.server.feature.ResourcesPage;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceRequest;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The resources and templates on 2026-07-28: the same URIs and handlers, each read carrying how long it stays fresh.
 * A URI is matched as the 2025-11-25 server matches it: a resource's own URI first, then the templates in order.
 */
final class StatelessResources implements McpSyncResourceRepository {

    private final RevisionBridge bridge;
    private final Map<String, SyncResourceSpecification> resources = new LinkedHashMap<>();
    private final Map<String, SyncResourceTemplateSpecification> templates = new LinkedHashMap<>();
    private final Map<String, UriTemplates> matchers = new LinkedHashMap<>();
    private final Map<String, McpSyncCompletionHandler> completions;

    /** {@code completions} are the completion handlers of templates, by template. */
    StatelessResources(Features features, RevisionBridge bridge, Map<String, McpSyncCompletionHandler> completions) {
        this.bridge = bridge;
        this.completions = Map.copyOf(completions);
        features.resources().forEach(spec -> resources.put(spec.resource().uri(), spec));
        for (SyncResourceTemplateSpecification spec : features.templates()) {
            String template = spec.resourceTemplate().uriTemplate();
            templates.put(template, spec);
            matchers.put(template, new UriTemplates(template));
        }
    }

    @Override
    public ResourcesPage list(McpRequestContext ctx, String cursor) {
        List<McpSchema.Resource> listed = resources.values().stream()
                .map(spec -> bridge.convert(spec.resource(), McpSchema.Resource.class)).toList();
        return new ResourcesPage(listed, null, CacheHints.LIST_TTL_MS, CacheHints.LIST_SCOPE);
    }

    @Override
    public ResourceTemplatesPage listTemplates(McpRequestContext ctx, String cursor) {
        List<McpSchema.ResourceTemplate> listed = templates.values().stream()
                .map(spec -> bridge.convert(spec.resourceTemplate(), McpSchema.ResourceTemplate.class)).toList();
        return new ResourceTemplatesPage(listed, null, CacheHints.LIST_TTL_MS, CacheHints.LIST_SCOPE);
    }

    @Override
    public McpSyncResource find(McpRequestContext ctx, String uri) {
        SyncResourceSpecification resource = resources.get(uri);
        if (resource != null) {
            return reading(resource.readHandler());
        }
        for (Map.Entry<String, UriTemplates> matcher : matchers.entrySet()) {
            if (matcher.getValue().matches(uri)) {
                return reading(templates.get(matcher.getKey()).readHandler());
            }
        }
        return null;
    }

    @Override
    public McpSyncResourceTemplate findTemplate(McpRequestContext ctx, String uriTemplate) {
        SyncResourceTemplateSpecification spec = templates.get(uriTemplate);
        if (spec == null) {
            return null;
        }
        McpSyncResourceTemplate template = McpSyncResourceTemplate.of(
                bridge.convert(spec.resourceTemplate(), McpSchema.ResourceTemplate.class));
        McpSyncCompletionHandler completion = completions.get(uriTemplate);
        return completion == null ? template : template.withCompletionHandler(completion);
    }

    @Override
    public boolean supportsSubscribe() {
        return true;
    }

    @Override
    public boolean supportsCompletion() {
        return !completions.isEmpty();
    }

    private McpSyncResource reading(
            BiFunction<io.modelcontextprotocol.server.McpSyncServerExchange, ReadResourceRequest, ReadResourceResult> handler) {
        return McpSyncResource.of((ctx, request) -> {
            ReadResourceResult read = RevisionBridge.call(() -> handler.apply(null, new ReadResourceRequest(request.uri())));
            McpSchema.ReadResourceResult converted = bridge.convert(read, McpSchema.ReadResourceResult.class);
            return McpSyncResponse.result(new McpSchema.ReadResourceResult(converted.contents(),
                    CacheHints.readTtlMs(request.uri()), CacheHints.READ_SCOPE, McpSchema.ResultType.COMPLETE,
                    converted.meta()));
        });
    }
}
