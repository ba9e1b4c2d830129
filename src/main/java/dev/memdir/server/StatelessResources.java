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
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceRequest;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The resources and templates on 2026-07-28: the same URIs and handlers, each read carrying how long it stays fresh.
 * A URI is matched as the 2025-11-25 server matches it: a resource's own URI first, then the templates in order.
 */
final class StatelessResources implements McpSyncResourceRepository {

    /** A template as this revision serves it: how its URIs are matched and read, and its completions. */
    private record Template(UriTemplates matcher, McpSyncResource reader, McpSyncResourceTemplate served) {}

    private final RevisionBridge bridge;
    private final Map<String, McpSyncResource> resources = new LinkedHashMap<>();
    private final Map<String, Template> templates = new LinkedHashMap<>();
    private final boolean completes;
    /** Made once: the lists never change. */
    private final ResourcesPage resourcesPage;
    private final ResourceTemplatesPage templatesPage;

    /** {@code completions} are the completion handlers of templates, by template. */
    StatelessResources(Features features, RevisionBridge bridge, Map<String, McpSyncCompletionHandler> completions) {
        this.bridge = bridge;
        this.completes = !completions.isEmpty();
        List<McpSchema.Resource> listed = new ArrayList<>();
        for (SyncResourceSpecification spec : features.resources()) {
            listed.add(bridge.convert(spec.resource(), McpSchema.Resource.class));
            resources.put(spec.resource().uri(), reading(spec.readHandler()));
        }
        List<McpSchema.ResourceTemplate> listedTemplates = new ArrayList<>();
        for (SyncResourceTemplateSpecification spec : features.templates()) {
            String uriTemplate = spec.resourceTemplate().uriTemplate();
            McpSchema.ResourceTemplate definition = bridge.convert(spec.resourceTemplate(),
                    McpSchema.ResourceTemplate.class);
            listedTemplates.add(definition);
            McpSyncCompletionHandler completion = completions.get(uriTemplate);
            McpSyncResourceTemplate served = completion == null ? McpSyncResourceTemplate.of(definition)
                    : McpSyncResourceTemplate.of(definition).withCompletionHandler(completion);
            templates.put(uriTemplate,
                    new Template(new UriTemplates(uriTemplate), reading(spec.readHandler()), served));
        }
        this.resourcesPage = new ResourcesPage(List.copyOf(listed), null, CacheHints.LIST_TTL_MS,
                CacheHints.LIST_SCOPE);
        this.templatesPage = new ResourceTemplatesPage(List.copyOf(listedTemplates), null, CacheHints.LIST_TTL_MS,
                CacheHints.LIST_SCOPE);
    }

    @Override
    public ResourcesPage list(McpRequestContext ctx, String cursor) {
        return resourcesPage;
    }

    @Override
    public ResourceTemplatesPage listTemplates(McpRequestContext ctx, String cursor) {
        return templatesPage;
    }

    @Override
    public McpSyncResource find(McpRequestContext ctx, String uri) {
        McpSyncResource resource = resources.get(uri);
        if (resource != null) {
            return resource;
        }
        return templates.values().stream().filter(template -> template.matcher().matches(uri)).findFirst()
                .map(Template::reader).orElse(null);
    }

    @Override
    public McpSyncResourceTemplate findTemplate(McpRequestContext ctx, String uriTemplate) {
        Template template = templates.get(uriTemplate);
        return template == null ? null : template.served();
    }

    @Override
    public boolean supportsSubscribe() {
        return true;
    }

    @Override
    public boolean supportsCompletion() {
        return completes;
    }

    private McpSyncResource reading(
            BiFunction<McpSyncServerExchange, ReadResourceRequest, ReadResourceResult> handler) {
        return McpSyncResource.of((ctx, request) -> {
            ReadResourceResult read = RevisionBridge.call(() ->
                    handler.apply(null, new ReadResourceRequest(request.uri())));
            McpSchema.ReadResourceResult converted = bridge.convert(read, McpSchema.ReadResourceResult.class);
            return McpSyncResponse.result(new McpSchema.ReadResourceResult(converted.contents(),
                    CacheHints.readTtlMs(request.uri()), CacheHints.READ_SCOPE, McpSchema.ResultType.COMPLETE,
                    converted.meta()));
        });
    }
}
