package dev.memdir.server.modern;

import dev.memdir.server.feature.Client;
import dev.memdir.server.feature.Completer;
import io.modelcontextprotocol.modern.server.feature.McpSyncCompletionHandler;

/** A completer as the 2026-07-28 SDK calls it, for a template's variable or a prompt's argument. */
final class ModernCompletion {

    private ModernCompletion() {}

    static McpSyncCompletionHandler of(Completer completer) {
        return (ctx, request) -> {
            String typed = request.argument().value();
            return ModernTypes.completion(ModernTypes.answered(() -> completer.complete(Client.WITHOUT_ROOTS,
                    typed == null ? "" : typed)));
        };
    }
}
