package dev.memdir.server.modern;

import dev.memdir.server.feature.Resource;
import io.modelcontextprotocol.modern.McpSchema.CacheScope;
import java.time.Duration;

/** How long a 2026-07-28 client may keep an answer fresh, and whether a shared cache may keep it for others. */
final class CacheHints {

    /** The tool, prompt, resource and template lists never change while the process runs and hold no one's data. */
    static final long LIST_TTL_MS = Duration.ofHours(1).toMillis();
    static final CacheScope LIST_SCOPE = CacheScope.PUBLIC;

    /** The memory changes under the client's own tool calls: a second at most, and never shared. */
    static final long MEMORY_TTL_MS = 1_000;

    /** Instructions change by hand edits, which a subscription reports at once. */
    static final long INSTRUCTIONS_TTL_MS = Duration.ofSeconds(10).toMillis();

    /** Every read is someone's memory or project. */
    static final CacheScope READ_SCOPE = CacheScope.PRIVATE;

    private CacheHints() {}

    static long readTtlMs(Resource.Source source) {
        return source == Resource.Source.INSTRUCTIONS ? INSTRUCTIONS_TTL_MS : MEMORY_TTL_MS;
    }
}
