package dev.memdir.server.feature;

import java.util.List;
import java.util.function.Predicate;

/**
 * Everything memdir offers a client, in the order a client lists it. {@code reported} says which resource URIs
 * memdir reports changes of (a client may subscribe to those).
 */
public record Features(List<Tool> tools, List<Resource> resources, List<Template> templates, List<Prompt> prompts,
        Predicate<String> reported) {

    public Features {
        tools = List.copyOf(tools);
        resources = List.copyOf(resources);
        templates = List.copyOf(templates);
        prompts = List.copyOf(prompts);
    }
}
