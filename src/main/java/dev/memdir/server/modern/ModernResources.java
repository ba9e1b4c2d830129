package dev.memdir.server.modern;

import dev.memdir.server.feature.Client;
import dev.memdir.server.feature.Resource;
import dev.memdir.server.feature.Template;
import dev.memdir.server.feature.UriTemplate;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.McpSyncResponse;
import io.modelcontextprotocol.modern.server.feature.McpSyncResource;
import io.modelcontextprotocol.modern.server.feature.McpSyncResourceRepository;
import io.modelcontextprotocol.modern.server.feature.McpSyncResourceTemplate;
import io.modelcontextprotocol.modern.server.feature.ResourceTemplatesPage;
import io.modelcontextprotocol.modern.server.feature.ResourcesPage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The resources and templates on 2026-07-28: the same URIs and handlers, each read carrying how long it stays fresh.
 * A URI is matched as the 2025-11-25 server matches it: a resource's own URI first, then the templates in order.
 */
final class ModernResources implements McpSyncResourceRepository {

    /** A template as this revision serves it: how its URIs are matched and read, and its completions. */
    private record Served(UriTemplate matcher, McpSyncResource reader, McpSyncResourceTemplate template) {}

    private final Map<String, McpSyncResource> resources = new LinkedHashMap<>();
    private final Map<String, Served> templates = new LinkedHashMap<>();
    private final boolean completes;
    /** Made once: the lists never change. */
    private final ResourcesPage resourcesPage;
    private final ResourceTemplatesPage templatesPage;

    ModernResources(List<Resource> resources, List<Template> templates) {
        List<McpSchema.Resource> listed = new ArrayList<>();
        for (Resource resource : resources) {
            listed.add(ModernTypes.resource(resource.definition()));
            this.resources.put(resource.definition().uri(), reading(resource.reader(), resource.source()));
        }
        List<McpSchema.ResourceTemplate> listedTemplates = new ArrayList<>();
        boolean anyCompletes = false;
        for (Template template : templates) {
            String uriTemplate = template.definition().uriTemplate();
            McpSchema.ResourceTemplate definition = ModernTypes.template(template.definition());
            listedTemplates.add(definition);
            McpSyncResourceTemplate served = template.completer().map(ModernCompletion::of)
                    .map(McpSyncResourceTemplate.of(definition)::withCompletionHandler)
                    .orElseGet(() -> McpSyncResourceTemplate.of(definition));
            this.templates.put(uriTemplate,
                    new Served(new UriTemplate(uriTemplate), reading(template.reader(), template.source()), served));
            anyCompletes |= template.completer().isPresent();
        }
        this.completes = anyCompletes;
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
                .map(Served::reader).orElse(null);
    }

    @Override
    public McpSyncResourceTemplate findTemplate(McpRequestContext ctx, String uriTemplate) {
        Served template = templates.get(uriTemplate);
        return template == null ? null : template.template();
    }

    @Override
    public boolean supportsSubscribe() {
        return true;
    }

    @Override
    public boolean supportsCompletion() {
        return completes;
    }

    private static McpSyncResource reading(Resource.Reader reader, Resource.Source source) {
        return McpSyncResource.of((ctx, request) -> {
            Resource.Contents contents = ModernTypes.answered(() -> reader.read(Client.WITHOUT_ROOTS, request.uri()));
            return McpSyncResponse.result(new McpSchema.ReadResourceResult(List.of(ModernTypes.contents(contents)),
                    CacheHints.readTtlMs(source), CacheHints.READ_SCOPE, McpSchema.ResultType.COMPLETE, null));
        });
    }
}
