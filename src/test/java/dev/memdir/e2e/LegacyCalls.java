package dev.memdir.e2e;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** {@link McpCalls} over a 2025-11-25 session of the SDK's client ({@link SdkClient}). */
record LegacyCalls(McpSyncClient client) implements McpCalls {

    @Override
    public String instructions() {
        return client.getServerInstructions();
    }

    @Override
    public ToolAnswer tool(String name, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = SdkClient.call(client, name, arguments);
        return new ToolAnswer(Boolean.TRUE.equals(result.isError()), SdkClient.text(result));
    }

    @Override
    public String read(String uri) {
        McpSchema.ReadResourceResult read = client.readResource(new McpSchema.ReadResourceRequest(uri));
        return ((McpSchema.TextResourceContents) read.contents().get(0)).text();
    }

    @Override
    public String prompt(String name, Map<String, String> arguments) {
        McpSchema.GetPromptResult prompt = client.getPrompt(new McpSchema.GetPromptRequest(name,
                new HashMap<String, Object>(arguments)));
        return prompt.messages().stream().map(message -> ((McpSchema.TextContent) message.content()).text())
                .collect(Collectors.joining("\n"));
    }

    @Override
    public List<String> completeResource(String uriTemplate, String argument, String typed) {
        return complete(new McpSchema.ResourceReference(uriTemplate), argument, typed);
    }

    @Override
    public List<String> completePrompt(String prompt, String argument, String typed) {
        return complete(new McpSchema.PromptReference(prompt), argument, typed);
    }

    private List<String> complete(McpSchema.CompleteReference ref, String argument, String typed) {
        return client.completeCompletion(new McpSchema.CompleteRequest(ref,
                new McpSchema.CompleteRequest.CompleteArgument(argument, typed))).completion().values();
    }

    @Override
    public String tools() {
        return McpCalls.json(client.listTools().tools());
    }

    @Override
    public String resources() {
        return McpCalls.jsonInAnyOrder(client.listResources().resources());
    }

    @Override
    public String templates() {
        return McpCalls.jsonInAnyOrder(client.listResourceTemplates().resourceTemplates());
    }

    @Override
    public String prompts() {
        return McpCalls.jsonInAnyOrder(client.listPrompts().prompts());
    }
}
