package dev.memdir.config;

import static dev.memdir.config.Setting.AGENT;
import static dev.memdir.config.Setting.ALLOW_ORIGIN;
import static dev.memdir.config.Setting.AGENTS_MD;
import static dev.memdir.config.Setting.ALLOW_EXTERNAL_IMPORTS;
import static dev.memdir.config.Setting.CLAUDE_CODE_MEMORY;
import static dev.memdir.config.Setting.CLAUDE_CONFIG_DIR;
import static dev.memdir.config.Setting.CONFIG;
import static dev.memdir.config.Setting.HISTORY_KEEP;
import static dev.memdir.config.Setting.HISTORY_MAX_BYTES;
import static dev.memdir.config.Setting.HTTP;
import static dev.memdir.config.Setting.INDEX_MAX_BYTES;
import static dev.memdir.config.Setting.INDEX_MAX_LINES;
import static dev.memdir.config.Setting.INDEX_NEAR_RATIO;
import static dev.memdir.config.Setting.INDEX_TARGET_RATIO;
import static dev.memdir.config.Setting.LOG_FILE;
import static dev.memdir.config.Setting.LOG_LEVEL;
import static dev.memdir.config.Setting.MANAGED_DIR;
import static dev.memdir.config.Setting.MAX_FILES;
import static dev.memdir.config.Setting.MAX_FILE_BYTES;
import static dev.memdir.config.Setting.MAX_REQUEST_BYTES;
import static dev.memdir.config.Setting.MAX_ROOT_BYTES;
import static dev.memdir.config.Setting.NAMESPACE;
import static dev.memdir.config.Setting.OAUTH_AUDIENCE;
import static dev.memdir.config.Setting.OAUTH_ISSUER;
import static dev.memdir.config.Setting.OAUTH_NAMESPACE_CLAIM;
import static dev.memdir.config.Setting.OAUTH_USER_CLAIM;
import static dev.memdir.config.Setting.PROJECT;
import static dev.memdir.config.Setting.RATE;
import static dev.memdir.config.Setting.READ_ONLY;
import static dev.memdir.config.Setting.ROOT;
import static dev.memdir.config.Setting.SCOPE;
import static dev.memdir.config.Setting.SEARCH_TOOL;
import static dev.memdir.config.Setting.SESSION_ID;
import static dev.memdir.config.Setting.STALE_AFTER;
import static dev.memdir.config.Setting.STORE;
import static dev.memdir.config.Setting.STORE_TIMEOUT;
import static dev.memdir.config.Setting.TLS_CERT;
import static dev.memdir.config.Setting.TLS_KEY;
import static dev.memdir.config.Setting.TOOLS;
import static dev.memdir.config.Setting.TRUSTED_PROXY;

import dev.memdir.auth.oauth.OAuthSettings;
import dev.memdir.auth.oauth.SecureUrl;
import dev.memdir.config.SettingSources.Raw;
import dev.memdir.index.IndexBudget;
import dev.memdir.instructions.InstructionLocations;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.Namespaces;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Merges flags, environment and the config file into {@link Settings}, each value parsed as its row of the
 * {@link Setting} table says, with a precise error for a bad value.
 */
public final class SettingsResolver {

    private static final Set<String> LOG_LEVELS = Set.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF");
    private static final Pattern DAYS = Pattern.compile("(\\d+)\\s*d?", Pattern.CASE_INSENSITIVE);
    private static final Pattern TIMEOUT = Pattern.compile("(\\d{1,7})\\s*(|ms|s)", Pattern.CASE_INSENSITIVE);
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(|k|kib|m|mib)", Pattern.CASE_INSENSITIVE);

    private static final Pattern ORIGIN = Pattern.compile("[a-z][a-z0-9+.-]*://[^/?#\\s,]+",
            Pattern.CASE_INSENSITIVE);

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

    /** Returns the settings; {@code flags} holds the options given, by key ({@code config} names the YAML file). */
    public Settings resolve(Map<String, String> flags) throws ConfigException {
        Optional<Raw> named = new SettingSources(flags, env, Map.of(), "").lookup(CONFIG);
        Path configPath = named.isPresent() ? path(named.get()) : memdirHome().resolve("config.yaml");
        Map<String, String> file = ConfigFile.read(configPath, named.isPresent());
        SettingSources sources = new SettingSources(flags, env, file, configPath.toString());

        boolean claudeCodeMemory = value(sources, CLAUDE_CODE_MEMORY, Boolean.class);
        Optional<Path> project = optional(sources, PROJECT, Path.class);
        Path projectDirectory = project.orElse(workingDirectory);
        Path claudeConfig = claudeConfigDirectory(sources);
        Optional<Raw> root = sources.lookup(ROOT);
        Optional<AgentMemory> agent = agent(sources);
        refuseTwoChoicesOfMemory(sources, root, claudeCodeMemory, agent);
        Optional<PostgresMemory> database = database(sources, agent, projectDirectory);
        Path rootPath = root.isPresent() ? path(root.get())
                : agent.isPresent() ? agent.get().scope().root(agent.get().name(), projectDirectory, claudeConfig)
                : defaultRoot(projectDirectory, claudeCodeMemory, claudeConfig);
        Optional<Path> managedDirectory = optional(sources, MANAGED_DIR, Path.class);
        return new Settings(
                rootPath,
                database,
                value(sources, STORE_TIMEOUT, Duration.class),
                ToolLayout.valueOf(value(sources, TOOLS, String.class).toUpperCase(Locale.ROOT)),
                value(sources, READ_ONLY, Boolean.class),
                value(sources, MAX_FILE_BYTES, Long.class),
                optional(sources, MAX_ROOT_BYTES, Long.class).orElse(StoreLimits.UNLIMITED),
                optional(sources, MAX_FILES, Long.class).orElse(StoreLimits.UNLIMITED),
                value(sources, LOG_LEVEL, String.class),
                optional(sources, LOG_FILE, Path.class),
                indexBudget(sources),
                optional(sources, SESSION_ID, String.class),
                project,
                new InstructionLocations(projectDirectory, home, claudeConfig,
                        managedDirectory.isPresent() ? managedDirectory.get()
                                : InstructionLocations.defaultManagedDirectory(),
                        value(sources, AGENTS_MD, Boolean.class),
                        value(sources, ALLOW_EXTERNAL_IMPORTS, Boolean.class)),
                value(sources, SEARCH_TOOL, Boolean.class),
                new HistoryLimits(value(sources, HISTORY_KEEP, Long.class).intValue(),
                        value(sources, HISTORY_MAX_BYTES, Long.class)),
                value(sources, STALE_AFTER, Duration.class),
                oauth(sources),
                http(sources));
    }

    /** The HTTP settings; the TLS files come as a pair. */
    private HttpSettings http(SettingSources sources) throws ConfigException {
        Optional<Path> certificate = optional(sources, TLS_CERT, Path.class);
        Optional<Path> key = optional(sources, TLS_KEY, Path.class);
        if (certificate.isPresent() != key.isPresent()) {
            throw new ConfigException(certificate.isPresent() ? "--tls-cert needs --tls-key, its private key"
                    : "--tls-key needs --tls-cert, its certificate");
        }
        Optional<HttpSettings.TlsFiles> tls = certificate.map(file -> new HttpSettings.TlsFiles(file, key.get()));
        @SuppressWarnings("unchecked")
        List<String> origins = optional(sources, ALLOW_ORIGIN, List.class).orElse(List.of());
        @SuppressWarnings("unchecked")
        List<AddressRange> proxies = optional(sources, TRUSTED_PROXY, List.class).orElse(List.of());
        return new HttpSettings(optional(sources, HTTP, HttpAddress.class), tls, origins,
                value(sources, MAX_REQUEST_BYTES, Long.class), value(sources, RATE, Long.class).intValue(), proxies);
    }

    /** Returns the value of a setting that has a default: the first source's, else the default. */
    private <T> T value(SettingSources sources, Setting setting, Class<T> type) throws ConfigException {
        Optional<Raw> raw = sources.lookup(setting);
        return type.cast(parse(setting, raw.isPresent() ? raw.get()
                : new Raw(setting.defaultValue().orElseThrow(), "the default of " + setting.option())));
    }

    /** Returns the value of a setting without a default value: the first source's, if any. */
    private <T> Optional<T> optional(SettingSources sources, Setting setting, Class<T> type) throws ConfigException {
        Optional<Raw> raw = sources.lookup(setting);
        return raw.isPresent() ? Optional.of(type.cast(parse(setting, raw.get()))) : Optional.empty();
    }

    /** Parses a raw value as the setting's parser says; the error names where the value came from. */
    private Object parse(Setting setting, Raw raw) throws ConfigException {
        return switch (setting.parser()) {
            case SWITCH -> bool(raw);
            case TEXT -> raw.value();
            case PATH -> path(raw);
            case CHOICE -> choice(setting.label(), raw);
            case LOG_LEVEL -> logLevel(raw);
            case BYTES -> bytes(raw);
            case DAYS -> days(raw);
            case RATIO -> ratio(raw);
            case COUNT -> count(raw, Long.MAX_VALUE);
            case TIMEOUT -> timeout(raw);
            case INT -> count(raw, Integer.MAX_VALUE);
            case VERSIONS -> count(raw, 10_000);
            case URL -> url(raw);
            case ADDRESS -> HttpAddress.parse(raw.value()).orElseThrow(() ->
                    invalid(raw, "[HOST:]PORT, like 8080, 127.0.0.1:8080 or [::1]:8080"));
            case ORIGINS -> origins(raw);
            case ADDRESS_RANGES -> addressRanges(raw);
        };
    }

    /** An agent's own memory: its directory name and scope. */
    private record AgentMemory(String name, AgentScope scope) {}

    /** The agent memory {@code --agent} and {@code --scope} choose; each needs the other. */
    private Optional<AgentMemory> agent(SettingSources sources) throws ConfigException {
        Optional<Raw> agent = sources.lookup(AGENT);
        Optional<Raw> scope = sources.lookup(SCOPE);
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
        AgentScope parsed = AgentScope.valueOf(((String) parse(SCOPE, scope.get())).toUpperCase(Locale.ROOT));
        String name = AgentScope.directoryName(agent.get().value()).orElseThrow(() ->
                invalid(agent.get(), "an agent name of letters, digits, '.', '_', '-' and ':'"));
        return Optional.of(new AgentMemory(name, parsed));
    }

    /** Refuses settings that choose the memory twice: a directory and a database, or a root and an agent's. */
    private static void refuseTwoChoicesOfMemory(SettingSources sources, Optional<Raw> root, boolean claudeCodeMemory,
            Optional<AgentMemory> agent) throws ConfigException {
        if (root.isEmpty() && !claudeCodeMemory) {
            return;
        }
        String directory = root.isPresent() ? root.get().origin() : CLAUDE_CODE_MEMORY.option();
        Optional<Raw> store = sources.lookup(STORE);
        if (store.isPresent()) {
            throw new ConfigException(store.get().origin() + " and " + directory + " both choose where the memory"
                    + " lives; give one of them ("
                    + (root.isPresent() ? "--root names a directory" : "Claude Code's memory is a directory on disk")
                    + ", which goes with the directory store only)");
        }
        if (agent.isPresent()) {
            throw new ConfigException(sources.lookup(AGENT).orElseThrow().origin() + " and " + directory
                    + " both choose the memory root; give one of them");
        }
    }

    /**
     * The memory {@code namespace} in the database at {@code url}, a URL given to a command ({@code memdir store}),
     * logged in as {@code --store} would be.
     */
    public PostgresMemory database(String url, String namespace) throws ConfigException {
        PostgresUrl parsed = PostgresUrl.parse(url, url);
        return new PostgresMemory(parsed, namespace, PostgresLogin.find(parsed, env, home));
    }

    /**
     * The memory in the database {@code --store} names, if it names one: the namespace given, else the agent's
     * ({@code agent/NAME/SCOPE}), else the project's key, the name of its directory memory too.
     */
    private Optional<PostgresMemory> database(SettingSources sources, Optional<AgentMemory> agent,
            Path projectDirectory) throws ConfigException {
        Optional<Raw> store = sources.lookup(STORE);
        Optional<Raw> given = sources.lookup(NAMESPACE);
        if (store.isEmpty()) {
            if (given.isPresent()) {
                throw new ConfigException(given.get().origin() + " needs --store URL: a namespace names a memory"
                        + " inside a database");
            }
            return Optional.empty();
        }
        PostgresUrl url = PostgresUrl.parse(store.get().value(), store.get().origin());
        if (given.isPresent() && agent.isPresent()) {
            throw new ConfigException(given.get().origin() + " and " + sources.lookup(AGENT).orElseThrow().origin()
                    + " both choose the namespace; give one of them");
        }
        String namespace = given.isPresent() ? given.get().value().trim()
                : agent.isPresent() ? "agent/" + agent.get().name() + "/" + agent.get().scope()
                : projectKey(projectDirectory, "the namespace with --namespace");
        if (!Namespaces.isValid(namespace)) {
            throw new ConfigException((given.isPresent() ? given.get().origin() : "the default namespace")
                    + " must be " + Namespaces.RULE + ", not '" + namespace + "'"
                    + (given.isPresent() ? "" : "; give one with --namespace"));
        }
        return Optional.of(new PostgresMemory(url, namespace, PostgresLogin.find(url, env, home)));
    }

    /** The OAuth resource server {@code --oauth-issuer} asks for, if it does; the other OAuth options need it. */
    private Optional<OAuthSettings> oauth(SettingSources sources) throws ConfigException {
        Optional<Raw> issuer = sources.lookup(OAUTH_ISSUER);
        if (issuer.isEmpty()) {
            for (Setting needsIssuer : List.of(OAUTH_AUDIENCE, OAUTH_USER_CLAIM, OAUTH_NAMESPACE_CLAIM)) {
                Optional<Raw> given = sources.lookup(needsIssuer);
                if (given.isPresent()) {
                    throw new ConfigException(given.get().origin() + " needs --oauth-issuer URL: it says how to"
                            + " read the access tokens of an issuer");
                }
            }
            return Optional.empty();
        }
        URI issuerUrl = (URI) parse(OAUTH_ISSUER, issuer.get());
        if (!SecureUrl.allowed(issuerUrl)) {
            throw invalid(issuer.get(), SecureUrl.RULE);
        }
        return Optional.of(new OAuthSettings(issuerUrl, optional(sources, OAUTH_AUDIENCE, URI.class),
                value(sources, OAUTH_USER_CLAIM, String.class).trim(),
                optional(sources, OAUTH_NAMESPACE_CLAIM, String.class).map(String::trim)));
    }

    /**
     * Returns Claude Code's configuration directory: the setting, else {@code CLAUDE_CONFIG_DIR}, else
     * {@code ~/.claude}.
     */
    private Path claudeConfigDirectory(SettingSources sources) throws ConfigException {
        Optional<Path> configured = optional(sources, CLAUDE_CONFIG_DIR, Path.class);
        if (configured.isPresent()) {
            return configured.get();
        }
        String claudeDir = env.get("CLAUDE_CONFIG_DIR");
        return claudeDir != null && !claudeDir.isBlank() ? path(new Raw(claudeDir, "CLAUDE_CONFIG_DIR"))
                : home.resolve(".claude");
    }

    private Path memdirHome() throws ConfigException {
        String configured = env.get("MEMDIR_HOME");
        return configured != null && !configured.isEmpty() ? path(new Raw(configured, "MEMDIR_HOME"))
                : home.resolve(".memdir");
    }

    private Path defaultRoot(Path project, boolean claudeCodeMemory, Path claudeConfig) throws ConfigException {
        String key = projectKey(project, "the memory root with --root");
        if (claudeCodeMemory) {
            return claudeConfig.resolve("projects").resolve(key).resolve("memory");
        }
        return memdirHome().resolve("projects").resolve(key).resolve("memory");
    }

    /** The key of the project's memory; {@code instead} says what names a memory without one. */
    private static String projectKey(Path project, String instead) throws ConfigException {
        try {
            return ProjectKey.of(project);
        } catch (IOException e) {
            throw new ConfigException("cannot work out the project of " + project + " (" + e.getMessage()
                    + "); give " + instead);
        }
    }

    private IndexBudget indexBudget(SettingSources sources) throws ConfigException {
        double near = value(sources, INDEX_NEAR_RATIO, Double.class);
        double target = value(sources, INDEX_TARGET_RATIO, Double.class);
        if (target >= near) {
            throw new ConfigException(INDEX_TARGET_RATIO.key() + " (" + target + ") must be below "
                    + INDEX_NEAR_RATIO.key() + " (" + near + ")");
        }
        return new IndexBudget(value(sources, INDEX_MAX_LINES, Long.class).intValue(),
                value(sources, INDEX_MAX_BYTES, Long.class).intValue(), near, target);
    }

    /** Returns the word of {@code choices} ({@code split|single}) that {@code raw} names, in any case. */
    private static String choice(String choices, Raw raw) throws ConfigException {
        String given = raw.value().trim().toLowerCase(Locale.ROOT);
        if (given.indexOf('|') < 0 && ("|" + choices + "|").contains("|" + given + "|")) {
            return given;
        }
        String[] words = choices.split("\\|");
        String allButLast = String.join(", ", Arrays.copyOf(words, words.length - 1));
        throw invalid(raw, allButLast + " or " + words[words.length - 1]);
    }

    private static boolean bool(Raw raw) throws ConfigException {
        switch (raw.value().trim().toLowerCase(Locale.ROOT)) {
            case "true": case "yes": case "1":
                return true;
            case "false": case "no": case "0":
                return false;
            default:
                throw invalid(raw, "true or false");
        }
    }

    /** Parses a number of days, as {@code 90} or {@code 90d}; {@code origin} names where it came from. */
    public static Duration days(String value, String origin) throws ConfigException {
        return days(new Raw(value, origin));
    }

    private static Duration days(Raw raw) throws ConfigException {
        Matcher matcher = DAYS.matcher(raw.value().trim());
        if (!matcher.matches() || matcher.group(1).length() > 6 || Long.parseLong(matcher.group(1)) == 0) {
            throw invalid(raw, "a positive number of days, like 90 or 90d");
        }
        return Duration.ofDays(Long.parseLong(matcher.group(1)));
    }

    private static long bytes(Raw raw) throws ConfigException {
        Matcher matcher = SIZE.matcher(raw.value().trim());
        if (!matcher.matches()) {
            throw invalid(raw, "a positive number of bytes, optionally with K or M (e.g. 102400 or 100K)");
        }
        try {
            long number = Long.parseLong(matcher.group(1));
            String unit = matcher.group(2).toLowerCase(Locale.ROOT);
            long bytes = Math.multiplyExact(number, unit.startsWith("k") ? 1024L : unit.startsWith("m") ? 1 << 20 : 1L);
            if (bytes <= 0) {
                throw invalid(raw, "a positive number of bytes");
            }
            return bytes;
        } catch (ArithmeticException | NumberFormatException e) {
            throw invalid(raw, "a number of bytes that fits in 63 bits");
        }
    }

    private static Duration timeout(Raw raw) throws ConfigException {
        Matcher matcher = TIMEOUT.matcher(raw.value().trim());
        if (!matcher.matches() || Long.parseLong(matcher.group(1)) == 0) {
            throw invalid(raw, "a positive time in seconds or milliseconds, like 5s or 500ms");
        }
        long amount = Long.parseLong(matcher.group(1));
        return matcher.group(2).equalsIgnoreCase("ms") ? Duration.ofMillis(amount) : Duration.ofSeconds(amount);
    }

    private static URI url(Raw raw) throws ConfigException {
        try {
            URI url = new URI(raw.value().trim());
            String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && url.getHost() != null && url.getRawQuery() == null
                    && url.getRawFragment() == null && url.getRawUserInfo() == null) {
                return url;
            }
        } catch (URISyntaxException notAUrl) {
            // reported below
        }
        throw invalid(raw, "an http or https URL without query or fragment, like https://login.example.com");
    }

    private static long count(Raw raw, long max) throws ConfigException {
        try {
            long value = Long.parseLong(raw.value().trim());
            if (value > 0 && value <= max) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw invalid(raw, max == Long.MAX_VALUE ? "a positive whole number" : "a whole number from 1 to " + max);
    }

    /** Origins separated by commas, each a scheme and host with an optional port, as a browser sends it. */
    private static List<String> origins(Raw raw) throws ConfigException {
        List<String> origins = new ArrayList<>();
        for (String origin : raw.value().split(",", -1)) {
            String trimmed = origin.trim();
            if (!ORIGIN.matcher(trimmed).matches()) {
                throw invalid(raw, "origins like https://app.example or http://localhost:3000, separated by commas");
            }
            origins.add(trimmed);
        }
        return origins;
    }

    /** Networks or addresses separated by commas, each {@code ADDRESS[/PREFIX]} (IPv4 or IPv6). */
    private static List<AddressRange> addressRanges(Raw raw) throws ConfigException {
        List<AddressRange> ranges = new ArrayList<>();
        for (String range : raw.value().split(",", -1)) {
            ranges.add(AddressRange.parse(range).orElseThrow(() -> invalid(raw, "networks or addresses like"
                    + " 10.0.0.0/8, 192.0.2.7 or fd00::/8 (no bits set past the prefix), separated by commas")));
        }
        return ranges;
    }

    private static double ratio(Raw raw) throws ConfigException {
        try {
            double value = Double.parseDouble(raw.value().trim());
            if (value > 0 && value <= 1) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw invalid(raw, "a fraction above 0 and at most 1 (e.g. 0.9)");
    }

    private static String logLevel(Raw raw) throws ConfigException {
        String level = raw.value().trim().toUpperCase(Locale.ROOT);
        if (!LOG_LEVELS.contains(level)) {
            throw invalid(raw, "one of trace, debug, info, warn, error, off");
        }
        return level;
    }

    private Path path(Raw raw) throws ConfigException {
        try {
            return workingDirectory.resolve(expand(raw.value())).normalize();
        } catch (InvalidPathException e) {
            throw new ConfigException(raw.origin() + " is not a usable path: '" + raw.value() + "'");
        }
    }

    private Path expand(String value) {
        if (value.equals("~")) {
            return home;
        }
        return value.startsWith("~/") ? home.resolve(value.substring(2)) : Path.of(value);
    }

    private static ConfigException invalid(Raw raw, String expected) {
        return new ConfigException(raw.origin() + " must be " + expected + ", not '" + raw.value() + "'");
    }
}
