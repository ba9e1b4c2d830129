package dev.memdir.server;

import dev.memdir.server.feature.Prompt;
import java.util.List;
import java.util.Optional;

/** The prompts a client can offer its user. */
final class Prompts {

    private Prompts() {}

    /** {@code memory-protocol}: the memory protocol as one user message. */
    static Prompt memoryProtocol(String protocol) {
        Prompt.Definition prompt = new Prompt.Definition("memory-protocol", "Memory protocol",
                "The memory protocol: view memory first, record progress as you go, assume interruption", List.of());
        return new Prompt(prompt, (client, arguments) -> new Prompt.Message(prompt.description(), protocol),
                Optional.empty());
    }
}
