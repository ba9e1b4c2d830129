package dev.memdir.cli;

import dev.memdir.config.SettingsResolver;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The options of {@code memdir serve}, also accepted without the word {@code serve}. Unset options stay null. */
final class ServeOptions {

    @Option(names = "--root", paramLabel = "DIR",
            description = "Memory root that /memories maps to (created if missing). Env: MEMDIR_ROOT."
                    + " Default: ~/.memdir/projects/<project key>/memory")
    String root;

    @Option(names = "--claude-code-memory", negatable = true,
            description = "Use Claude Code's own auto-memory directory of this project"
                    + " (~/.claude/projects/<project key>/memory), so both share one memory.")
    Boolean claudeCodeMemory;

    @Option(names = "--tools", paramLabel = "split|single",
            description = "Publish six tools (split, the default) or one 'memory' tool taking a command (single).")
    String tools;

    @Option(names = "--read-only", negatable = true, description = "Publish only the view tool.")
    Boolean readOnly;

    @Option(names = "--max-file-bytes", paramLabel = "BYTES",
            description = "Largest memory file a write may produce (default 100K).")
    String maxFileBytes;

    @Option(names = "--log-level", paramLabel = "LEVEL",
            description = "trace, debug, info (default), warn, error or off. Logs go to stderr.")
    String logLevel;

    @Option(names = "--log-file", paramLabel = "FILE", description = "Also append logs to this file.")
    String logFile;

    @Option(names = "--config", paramLabel = "FILE",
            description = "YAML settings file (default ~/.memdir/config.yaml). Flags beat env vars beat the file.")
    String config;

    /** Returns the flags that were given, by setting key. */
    Map<String, String> given() {
        Map<String, String> flags = new HashMap<>();
        put(flags, SettingsResolver.ROOT, root);
        put(flags, SettingsResolver.CLAUDE_CODE_MEMORY, claudeCodeMemory);
        put(flags, SettingsResolver.TOOLS, tools);
        put(flags, SettingsResolver.READ_ONLY, readOnly);
        put(flags, SettingsResolver.MAX_FILE_BYTES, maxFileBytes);
        put(flags, SettingsResolver.LOG_LEVEL, logLevel);
        put(flags, SettingsResolver.LOG_FILE, logFile);
        return flags;
    }

    Optional<String> configFile() {
        return Optional.ofNullable(config);
    }

    private static void put(Map<String, String> flags, String key, Object value) {
        if (value != null) {
            flags.put(key, value.toString());
        }
    }
}
