package dev.memdir.cli;

import dev.memdir.config.SettingsResolver;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The settings options of {@code memdir}, {@code memdir serve} and {@code memdir index}. Unset options stay null. */
final class SettingOptions {

    @Option(names = "--root", paramLabel = "DIR",
            description = "Memory root that /memories maps to (created if missing). Env: MEMDIR_ROOT."
                    + " Default: ~/.memdir/projects/<project key>/memory")
    String root;

    @Option(names = "--claude-code-memory", negatable = true,
            description = "Use Claude Code's own auto-memory directory of this project"
                    + " (~/.claude/projects/<project key>/memory), so both share one memory.")
    Boolean claudeCodeMemory;

    @Option(names = "--agent", paramLabel = "NAME",
            description = "Serve the own memory of the agent NAME (as Claude Code gives a subagent); needs --scope.")
    String agent;

    @Option(names = "--scope", paramLabel = "user|project|local",
            description = "With --agent: ~/.claude/agent-memory/NAME (user), <project>/.claude/agent-memory/NAME"
                    + " (project) or <project>/.claude/agent-memory-local/NAME (local).")
    String scope;

    @Option(names = "--tools", paramLabel = "split|single",
            description = "Publish six tools (split, the default) or one 'memory' tool taking a command (single).")
    String tools;

    @Option(names = "--read-only", negatable = true, description = "Publish only the view tool.")
    Boolean readOnly;

    @Option(names = "--search-tool", negatable = true,
            description = "Also publish recall as a seventh tool, search (off: every tool costs context on every"
                    + " request; the recall prompt and resource are always there).")
    Boolean searchTool;

    @Option(names = "--max-file-bytes", paramLabel = "BYTES",
            description = "Largest memory file a write may produce (default 100K).")
    String maxFileBytes;

    @Option(names = "--max-root-bytes", paramLabel = "BYTES",
            description = "Most bytes all memory files together may hold (default: no limit).")
    String maxRootBytes;

    @Option(names = "--max-files", paramLabel = "N", description = "Most memory files the root may hold (default: no limit).")
    String maxFiles;

    @Option(names = "--history-keep", paramLabel = "N",
            description = "Earlier versions kept of each memory file (default 20).")
    String historyKeep;

    @Option(names = "--history-max-bytes", paramLabel = "BYTES",
            description = "Most bytes all kept versions together may hold; the oldest go first (default 10M).")
    String historyMaxBytes;

    @Option(names = "--stale-after", paramLabel = "DAYS",
            description = "Days a memory file may go untouched before status flags it as stale (default 90).")
    String staleAfter;

    @Option(names = "--log-level", paramLabel = "LEVEL",
            description = "trace, debug, info (default), warn, error or off. Logs go to stderr.")
    String logLevel;

    @Option(names = "--log-file", paramLabel = "FILE", description = "Also append logs to this file.")
    String logFile;

    @Option(names = "--index-max-lines", paramLabel = "N", description = "Lines of MEMORY.md that load (default 200).")
    String indexMaxLines;

    @Option(names = "--index-max-bytes", paramLabel = "N",
            description = "UTF-8 bytes of MEMORY.md that load (default 25000).")
    String indexMaxBytes;

    @Option(names = "--index-near-ratio", paramLabel = "R",
            description = "From this share of a limit on, writes to MEMORY.md get a reminder (default 0.9).")
    String indexNearRatio;

    @Option(names = "--index-target-ratio", paramLabel = "R",
            description = "The share of a limit an over-budget index is asked to shrink to (default 0.7).")
    String indexTargetRatio;

    @Option(names = "--session-id", paramLabel = "ID",
            description = "Session id recorded as metadata.originSessionId (default: a new UUID per session).")
    String sessionId;

    @Option(names = "--project", paramLabel = "DIR",
            description = "Project whose instructions are resolved and whose memory is the default root"
                    + " (default: the client's first root, else the working directory).")
    String project;

    @Option(names = "--claude-config-dir", paramLabel = "DIR",
            description = "Claude Code's configuration directory (default: CLAUDE_CONFIG_DIR, else ~/.claude).")
    String claudeConfigDir;

    @Option(names = "--managed-dir", paramLabel = "DIR",
            description = "Managed-policy directory (default: /etc/claude-code on Linux).")
    String managedDir;

    @Option(names = "--no-agents-md",
            description = "Do not read AGENTS.md where a directory has no CLAUDE.md (it is read by default).")
    Boolean noAgentsMd;

    @Option(names = "--allow-external-imports", negatable = true,
            description = "Let project instruction files import files outside the project without approval.")
    Boolean allowExternalImports;

    @Option(names = "--config", paramLabel = "FILE",
            description = "YAML settings file (default ~/.memdir/config.yaml). Flags beat env vars beat the file.")
    String config;

    /** Returns the flags that were given, by setting key. */
    Map<String, String> given() {
        Map<String, String> flags = new HashMap<>();
        put(flags, SettingsResolver.ROOT, root);
        put(flags, SettingsResolver.CLAUDE_CODE_MEMORY, claudeCodeMemory);
        put(flags, SettingsResolver.AGENT, agent);
        put(flags, SettingsResolver.SCOPE, scope);
        put(flags, SettingsResolver.TOOLS, tools);
        put(flags, SettingsResolver.READ_ONLY, readOnly);
        put(flags, SettingsResolver.SEARCH_TOOL, searchTool);
        put(flags, SettingsResolver.HISTORY_KEEP, historyKeep);
        put(flags, SettingsResolver.HISTORY_MAX_BYTES, historyMaxBytes);
        put(flags, SettingsResolver.STALE_AFTER, staleAfter);
        put(flags, SettingsResolver.MAX_FILE_BYTES, maxFileBytes);
        put(flags, SettingsResolver.MAX_ROOT_BYTES, maxRootBytes);
        put(flags, SettingsResolver.MAX_FILES, maxFiles);
        put(flags, SettingsResolver.LOG_LEVEL, logLevel);
        put(flags, SettingsResolver.LOG_FILE, logFile);
        put(flags, SettingsResolver.INDEX_MAX_LINES, indexMaxLines);
        put(flags, SettingsResolver.INDEX_MAX_BYTES, indexMaxBytes);
        put(flags, SettingsResolver.INDEX_NEAR_RATIO, indexNearRatio);
        put(flags, SettingsResolver.INDEX_TARGET_RATIO, indexTargetRatio);
        put(flags, SettingsResolver.SESSION_ID, sessionId);
        put(flags, SettingsResolver.PROJECT, project);
        put(flags, SettingsResolver.CLAUDE_CONFIG_DIR, claudeConfigDir);
        put(flags, SettingsResolver.MANAGED_DIR, managedDir);
        put(flags, SettingsResolver.AGENTS_MD, noAgentsMd == null ? null : !noAgentsMd);
        put(flags, SettingsResolver.ALLOW_EXTERNAL_IMPORTS, allowExternalImports);
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
