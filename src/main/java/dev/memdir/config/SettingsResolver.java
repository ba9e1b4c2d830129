package dev.memdir.config;

import dev.memdir.index.IndexBudget;
import dev.memdir.instructions.InstructionLocations;
import dev.memdir.memory.HistoryLimits;
import dev.memdir.memory.StoreLimits;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Merges flags, environment and the config file into {@link Settings}, with a precise error for a bad value. */
public final class SettingsResolver {

    public static final String ROOT = "root";
    public static final String CLAUDE_CODE_MEMORY = "claude-code-memory";
    public static final String TOOLS = "tools";
    public static final String READ_ONLY = "read-only";
    public static final String MAX_FILE_BYTES = "max-file-bytes";
    public static final String MAX_ROOT_BYTES = "max-root-bytes";
    public static final String MAX_FILES = "max-files";
    public static final String LOG_LEVEL = "log-level";
    public static final String LOG_FILE = "log-file";
    public static final String INDEX_MAX_LINES = "index-max-lines";
    public static final String INDEX_MAX_BYTES = "index-max-bytes";
    public static final String INDEX_NEAR_RATIO = "index-near-ratio";
    public static final String INDEX_TARGET_RATIO = "index-target-ratio";
    public static final String SESSION_ID = "session-id";
    public static final String PROJECT = "project";
    public static final String CLAUDE_CONFIG_DIR = "claude-config-dir";
    public static final String MANAGED_DIR = "managed-dir";
    public static final String AGENTS_MD = "agents-md";
    public static final String ALLOW_EXTERNAL_IMPORTS = "allow-external-imports";
    public static final String AGENT = "agent";
    public static final String SCOPE = "scope";
    public static final String SEARCH_TOOL = "search-tool";
    public static final String HISTORY_KEEP = "history-keep";
    public static final String HISTORY_MAX_BYTES = "history-max-bytes";
    public static final String STALE_AFTER = "stale-after";
    public static final Duration DEFAULT_STALE_AFTER = Duration.ofDays(90);

    static final Set<String> KEYS = Set.of(ROOT, CLAUDE_CODE_MEMORY, TOOLS, READ_ONLY, MAX_FILE_BYTES, MAX_ROOT_BYTES,
            MAX_FILES, LOG_LEVEL,
            LOG_FILE, INDEX_MAX_LINES, INDEX_MAX_BYTES, INDEX_NEAR_RATIO, INDEX_TARGET_RATIO, SESSION_ID, PROJECT,
            CLAUDE_CONFIG_DIR, MANAGED_DIR, AGENTS_MD, ALLOW_EXTERNAL_IMPORTS, AGENT, SCOPE,
            SEARCH_TOOL, HISTORY_KEEP, HISTORY_MAX_BYTES, STALE_AFTER);

    private static final Set<String> LOG_LEVELS = Set.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF");
    private static final Pattern DAYS = Pattern.compile("(\\d+)\\s*d?", Pattern.CASE_INSENSITIVE);
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(|k|kib|m|mib)", Pattern.CASE_INSENSITIVE);

    private final Map<String, String> env;
    private final Path home;
    private final Path workingDirectory;

    /** Resolves against this process's environment, home ({@code MEMDIR_USER_HOME} replaces it) and directory. */
    public static SettingsResolver forThisProcess() {
        String home = System.getenv("MEMDIR_USER_HOME");
        return new SettingsResolver(System.getenv(),
                Path.of(home != null && !home.isBlank() ? home : System.getProperty("user.home")),
                Path.of("").toAbsolutePath());
    }

    public SettingsResolver(Map<String, String> env, Path home, Path workingDirectory) {
        this.env = env;
        this.home = home;
        this.workingDirectory = workingDirectory;
    }

    /**
     * Returns the settings; {@code flags} holds the flags given, by key, and {@code configFlag} the
     * {@code --config} file if one was named.
     */
    public Settings resolve(Map<String, String> flags, Optional<String> configFlag) throws ConfigException {
        Optional<String> named = configFlag.or(() -> Optional.ofNullable(env.get("MEMDIR_CONFIG")))
                .filter(name -> !name.isBlank());
        Path configPath = named.isPresent() ? path(named.get(), "--config") : memdirHome().resolve("config.yaml");
        Map<String, String> file = ConfigFile.read(configPath, named.isPresent(), KEYS);
        SettingSources sources = new SettingSources(flags, env, file, configPath.toString());

        boolean claudeCodeMemory = bool(sources, CLAUDE_CODE_MEMORY, false);
        Optional<Path> project = optionalPath(sources, PROJECT);
        Path projectDirectory = project.orElse(workingDirectory);
        Path claudeConfig = claudeConfigDirectory(sources);
        Optional<SettingSources.Raw> root = sources.lookup(ROOT);
        Optional<Path> agentRoot = agentRoot(sources, projectDirectory, claudeConfig);
        if (agentRoot.isPresent() && (root.isPresent() || claudeCodeMemory)) {
            throw new ConfigException(sources.lookup(AGENT).orElseThrow().origin() + " and "
                    + (root.isPresent() ? root.get().origin() : "--claude-code-memory")
                    + " both choose the memory root; give one of them");
        }
        Path rootPath = root.isPresent() ? path(root.get().value(), root.get().origin())
                : agentRoot.isPresent() ? agentRoot.get()
                : defaultRoot(projectDirectory, claudeCodeMemory, claudeConfig);
        return new Settings(
                rootPath,
                tools(sources),
                bool(sources, READ_ONLY, false),
                bytes(sources, MAX_FILE_BYTES, Settings.DEFAULT_MAX_FILE_BYTES),
                bytes(sources, MAX_ROOT_BYTES, StoreLimits.UNLIMITED),
                positive(sources, MAX_FILES, StoreLimits.UNLIMITED, Long.MAX_VALUE),
                logLevel(sources),
                optionalPath(sources, LOG_FILE),
                indexBudget(sources),
                sources.lookup(SESSION_ID).map(SettingSources.Raw::value),
                project,
                new InstructionLocations(projectDirectory, home, claudeConfig,
                        optionalPath(sources, MANAGED_DIR).orElseGet(InstructionLocations::defaultManagedDirectory),
                        bool(sources, AGENTS_MD, true), bool(sources, ALLOW_EXTERNAL_IMPORTS, false)),
                bool(sources, SEARCH_TOOL, false),
                new HistoryLimits((int) positive(sources, HISTORY_KEEP, HistoryLimits.DEFAULT.keep(), 10_000),
                        bytes(sources, HISTORY_MAX_BYTES, HistoryLimits.DEFAULT.maxBytes())),
                days(sources, STALE_AFTER, DEFAULT_STALE_AFTER));
    }

    /** The memory root of {@code --agent} in {@code --scope}; each needs the other. */
    private static Optional<Path> agentRoot(SettingSources sources, Path projectDirectory, Path claudeConfig)
            throws ConfigException {
        Optional<SettingSources.Raw> agent = sources.lookup(AGENT);
        Optional<SettingSources.Raw> scope = sources.lookup(SCOPE);
        if (agent.isEmpty() && scope.isEmpty()) {
            return Optional.empty();
        }
        if (agent.isEmpty()) {
            throw new ConfigException(scope.get().origin() + " needs --agent NAME: the scope of whose memory?");
        }
        if (scope.isEmpty()) {
            throw new ConfigException(agent.get().origin() + " needs --scope user|project|local: user memory is"
                    + " shared by every project, project memory lives in the project (and git), local memory in the"
                    + " project but out of git");
        }
        AgentScope parsed = AgentScope.parse(scope.get().value()).orElseThrow(() ->
                invalid(scope.get(), "user, project or local"));
        String name = AgentScope.directoryName(agent.get().value()).orElseThrow(() ->
                invalid(agent.get(), "an agent name of letters, digits, '.', '_', '-' and ':'"));
        return Optional.of(parsed.root(name, projectDirectory, claudeConfig));
    }

    private Optional<Path> optionalPath(SettingSources sources, String key) throws ConfigException {
        Optional<SettingSources.Raw> raw = sources.lookup(key);
        return raw.isPresent() ? Optional.of(path(raw.get().value(), raw.get().origin())) : Optional.empty();
    }

    /** Returns Claude Code's configuration directory: the setting, else {@code CLAUDE_CONFIG_DIR}, else {@code ~/.claude}. */
    private Path claudeConfigDirectory(SettingSources sources) throws ConfigException {
        Optional<Path> configured = optionalPath(sources, CLAUDE_CONFIG_DIR);
        if (configured.isPresent()) {
            return configured.get();
        }
        String claudeDir = env.get("CLAUDE_CONFIG_DIR");
        return claudeDir != null && !claudeDir.isBlank() ? path(claudeDir, "CLAUDE_CONFIG_DIR") : home.resolve(".claude");
    }

    private Path memdirHome() throws ConfigException {
        String configured = env.get("MEMDIR_HOME");
        return configured != null && !configured.isEmpty() ? path(configured, "MEMDIR_HOME") : home.resolve(".memdir");
    }

    private Path defaultRoot(Path project, boolean claudeCodeMemory, Path claudeConfig) throws ConfigException {
        String key;
        try {
            key = ProjectKey.of(project);
        } catch (IOException e) {
            throw new ConfigException("cannot work out the project of " + project + " (" + e.getMessage()
                    + "); give the memory root with --root");
        }
        if (claudeCodeMemory) {
            return claudeConfig.resolve("projects").resolve(key).resolve("memory");
        }
        return memdirHome().resolve("projects").resolve(key).resolve("memory");
    }

    private static ToolLayout tools(SettingSources sources) throws ConfigException {
        Optional<SettingSources.Raw> raw = sources.lookup(TOOLS);
        if (raw.isEmpty()) {
            return ToolLayout.SPLIT;
        }
        switch (raw.get().value().trim().toLowerCase(Locale.ROOT)) {
            case "split":
                return ToolLayout.SPLIT;
            case "single":
                return ToolLayout.SINGLE;
            default:
                throw invalid(raw.get(), "split or single");
        }
    }

    private static boolean bool(SettingSources sources, String key, boolean fallback) throws ConfigException {
        Optional<SettingSources.Raw> raw = sources.lookup(key);
        if (raw.isEmpty()) {
            return fallback;
        }
        switch (raw.get().value().trim().toLowerCase(Locale.ROOT)) {
            case "true": case "yes": case "1":
                return true;
            case "false": case "no": case "0":
                return false;
            default:
                throw invalid(raw.get(), "true or false");
        }
    }

    private static Duration days(SettingSources sources, String key, Duration fallback) throws ConfigException {
        Optional<SettingSources.Raw> raw = sources.lookup(key);
        return raw.isEmpty() ? fallback : days(raw.get());
    }

    /** Parses a number of days, as {@code 90} or {@code 90d}; {@code origin} names where it came from. */
    public static Duration days(String value, String origin) throws ConfigException {
        return days(new SettingSources.Raw(value, origin));
    }

    private static Duration days(SettingSources.Raw raw) throws ConfigException {
        Matcher matcher = DAYS.matcher(raw.value().trim());
        if (!matcher.matches() || matcher.group(1).length() > 6 || Long.parseLong(matcher.group(1)) == 0) {
            throw invalid(raw, "a positive number of days, like 90 or 90d");
        }
        return Duration.ofDays(Long.parseLong(matcher.group(1)));
    }

    private static long bytes(SettingSources sources, String key, long fallback) throws ConfigException {
        Optional<SettingSources.Raw> raw = sources.lookup(key);
        if (raw.isEmpty()) {
            return fallback;
        }
        Matcher matcher = SIZE.matcher(raw.get().value().trim());
        if (!matcher.matches()) {
            throw invalid(raw.get(), "a positive number of bytes, optionally with K or M (e.g. 102400 or 100K)");
        }
        try {
            long number = Long.parseLong(matcher.group(1));
            String unit = matcher.group(2).toLowerCase(Locale.ROOT);
            long bytes = Math.multiplyExact(number, unit.startsWith("k") ? 1024L : unit.startsWith("m") ? 1 << 20 : 1L);
            if (bytes <= 0) {
                throw invalid(raw.get(), "a positive number of bytes");
            }
            return bytes;
        } catch (ArithmeticException | NumberFormatException e) {
            throw invalid(raw.get(), "a number of bytes that fits in 63 bits");
        }
    }

    private static IndexBudget indexBudget(SettingSources sources) throws ConfigException {
        IndexBudget defaults = IndexBudget.DEFAULT;
        int maxLines = (int) positive(sources, INDEX_MAX_LINES, defaults.maxLines(), Integer.MAX_VALUE);
        int maxBytes = (int) positive(sources, INDEX_MAX_BYTES, defaults.maxBytes(), Integer.MAX_VALUE);
        double near = ratio(sources, INDEX_NEAR_RATIO, defaults.nearRatio());
        double target = ratio(sources, INDEX_TARGET_RATIO, defaults.targetRatio());
        if (target >= near) {
            throw new ConfigException(INDEX_TARGET_RATIO + " (" + target + ") must be below " + INDEX_NEAR_RATIO
                    + " (" + near + ")");
        }
        return new IndexBudget(maxLines, maxBytes, near, target);
    }

    private static long positive(SettingSources sources, String key, long fallback, long max)
            throws ConfigException {
        Optional<SettingSources.Raw> raw = sources.lookup(key);
        if (raw.isEmpty()) {
            return fallback;
        }
        try {
            long value = Long.parseLong(raw.get().value().trim());
            if (value > 0 && value <= max) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw invalid(raw.get(), max == Long.MAX_VALUE ? "a positive whole number" : "a whole number from 1 to " + max);
    }

    private static double ratio(SettingSources sources, String key, double fallback) throws ConfigException {
        Optional<SettingSources.Raw> raw = sources.lookup(key);
        if (raw.isEmpty()) {
            return fallback;
        }
        try {
            double value = Double.parseDouble(raw.get().value().trim());
            if (value > 0 && value <= 1) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw invalid(raw.get(), "a fraction above 0 and at most 1 (e.g. 0.9)");
    }

    private static String logLevel(SettingSources sources) throws ConfigException {
        Optional<SettingSources.Raw> raw = sources.lookup(LOG_LEVEL);
        if (raw.isEmpty()) {
            return "INFO";
        }
        String level = raw.get().value().trim().toUpperCase(Locale.ROOT);
        if (!LOG_LEVELS.contains(level)) {
            throw invalid(raw.get(), "one of trace, debug, info, warn, error, off");
        }
        return level;
    }

    private Path path(String value, String origin) throws ConfigException {
        try {
            return workingDirectory.resolve(expand(value)).normalize();
        } catch (InvalidPathException e) {
            throw new ConfigException(origin + " is not a usable path: '" + value + "'");
        }
    }

    private Path expand(String value) {
        if (value.equals("~")) {
            return home;
        }
        return value.startsWith("~/") ? home.resolve(value.substring(2)) : Path.of(value);
    }

    private static ConfigException invalid(SettingSources.Raw raw, String expected) {
        return new ConfigException(raw.origin() + " must be " + expected + ", not '" + raw.value() + "'");
    }
}
