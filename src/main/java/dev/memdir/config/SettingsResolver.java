package dev.memdir.config;

import static dev.memdir.config.Setting.AGENTS_MD;
import static dev.memdir.config.Setting.ALLOW_EXTERNAL_IMPORTS;
import static dev.memdir.config.Setting.ALLOW_ORIGIN;
import static dev.memdir.config.Setting.CLAUDE_CODE_MEMORY;
import static dev.memdir.config.Setting.CLAUDE_CONFIG_DIR;
import static dev.memdir.config.Setting.CONFIG;
import static dev.memdir.config.Setting.CONTEXT_BUDGET;
import static dev.memdir.config.Setting.CONTEXT_REMINDER;
import static dev.memdir.config.Setting.CONTEXT_TOOL;
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
import static dev.memdir.config.Setting.OAUTH_AUDIENCE;
import static dev.memdir.config.Setting.OAUTH_ISSUER;
import static dev.memdir.config.Setting.OAUTH_NAMESPACE_CLAIM;
import static dev.memdir.config.Setting.OAUTH_USER_CLAIM;
import static dev.memdir.config.Setting.PROJECT;
import static dev.memdir.config.Setting.RATE;
import static dev.memdir.config.Setting.READ_ONLY;
import static dev.memdir.config.Setting.SEARCH_TOOL;
import static dev.memdir.config.Setting.SESSION_ID;
import static dev.memdir.config.Setting.STALE_AFTER;
import static dev.memdir.config.Setting.KEY_FILE;
import static dev.memdir.config.Setting.RECALL;
import static dev.memdir.config.Setting.RECALL_THREADS;
import static dev.memdir.config.Setting.RECALL_WAIT;
import static dev.memdir.config.Setting.STORE_TIMEOUT;
import static dev.memdir.config.Setting.TLS_CERT;
import static dev.memdir.config.Setting.TLS_KEY;
import static dev.memdir.config.Setting.TOOLS;
import static dev.memdir.config.Setting.TRUSTED_PROXY;

import dev.memdir.config.SettingSources.Raw;
import dev.memdir.index.IndexBudget;
import dev.memdir.instructions.InstructionLocations;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.StoreLimits;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Merges flags, environment and the config file into {@link Settings}, each value parsed by its row of the
 * {@link Setting} table, with a precise error for a bad value.
 */
public final class SettingsResolver {

    private final Map<String, String> env;
    private final Path home;
    private final Path workingDirectory;
    private final LocalPaths paths;

    /** Resolves against this process's environment, its user's home and its working directory. */
    public static SettingsResolver forThisProcess() {
        return forEnvironment(System.getenv(), System.getProperty("user.home"), Path.of("").toAbsolutePath());
    }

    /**
     * Resolves against {@code env}, with {@code ~} taken as the user's tools take it (the shell, and libpq for
     * {@code ~/.pgpass}): {@code $HOME} when it is an absolute path, else {@code accountHome}, the home the
     * account's entry in the password database names.
     */
    public static SettingsResolver forEnvironment(Map<String, String> env, String accountHome,
            Path workingDirectory) {
        String home = env.get("HOME");
        return new SettingsResolver(env,
                home != null && !home.isEmpty() && Path.of(home).isAbsolute() ? Path.of(home) : Path.of(accountHome),
                workingDirectory);
    }

    public SettingsResolver(Map<String, String> env, Path home, Path workingDirectory) {
        this.env = env;
        this.home = home;
        this.workingDirectory = workingDirectory;
        this.paths = new LocalPaths(home, workingDirectory);
    }

    /** Returns the directory a relative path given to a command lies under. */
    public Path workingDirectory() {
        return workingDirectory;
    }

    /** Returns the settings; {@code flags} holds the options given, by key ({@code config} names the YAML file). */
    public Settings resolve(Map<String, String> flags) throws ConfigException {
        return resolve(flags, false);
    }

    /**
     * Returns the settings of a command that names its stores itself ({@code memdir store}), as {@link #resolve};
     * when {@code bucketNamed}, it names a bucket, which the S3 options go with ({@link #bucket}).
     */
    public Settings resolve(Map<String, String> flags, boolean bucketNamed) throws ConfigException {
        SettingValues values = values(flags);

        boolean claudeCodeMemory = values.value(CLAUDE_CODE_MEMORY, Boolean.class);
        Optional<Path> project = values.optional(PROJECT, Path.class);
        Path projectDirectory = project.orElse(workingDirectory);
        Path claudeConfig = claudeConfigDirectory(values);
        MemoryChoice memory = MemoryChoice.of(values, claudeCodeMemory, projectDirectory, env, home, bucketNamed);
        Path rootPath = memory.root().isPresent() ? paths.parse(memory.root().get())
                : memory.agent().isPresent()
                        ? memory.agent().get().scope().root(memory.agent().get().name(), projectDirectory, claudeConfig)
                : defaultRoot(projectDirectory, claudeCodeMemory, claudeConfig);
        Optional<Path> managedDirectory = values.optional(MANAGED_DIR, Path.class);
        return new Settings(
                rootPath,
                memory.store(),
                values.value(STORE_TIMEOUT, Duration.class),
                ToolLayout.valueOf(values.value(TOOLS, String.class).toUpperCase(Locale.ROOT)),
                values.value(READ_ONLY, Boolean.class),
                values.value(MAX_FILE_BYTES, Long.class),
                values.optional(MAX_ROOT_BYTES, Long.class).orElse(StoreLimits.UNLIMITED),
                values.optional(MAX_FILES, Long.class).orElse(StoreLimits.UNLIMITED),
                values.value(LOG_LEVEL, String.class),
                values.optional(LOG_FILE, Path.class),
                indexBudget(values),
                values.optional(SESSION_ID, String.class),
                project,
                new InstructionLocations(projectDirectory, home, claudeConfig,
                        managedDirectory.isPresent() ? managedDirectory.get()
                                : InstructionLocations.defaultManagedDirectory(),
                        values.value(AGENTS_MD, Boolean.class),
                        values.value(ALLOW_EXTERNAL_IMPORTS, Boolean.class)),
                values.value(SEARCH_TOOL, Boolean.class),
                new HistoryLimits(values.value(HISTORY_KEEP, Long.class).intValue(),
                        values.value(HISTORY_MAX_BYTES, Long.class)),
                values.value(STALE_AFTER, Duration.class),
                oauth(values),
                http(values),
                keyFile(values),
                recall(values),
                new ContextSettings(values.value(CONTEXT_TOOL, Boolean.class),
                        (int) Math.min(Integer.MAX_VALUE, values.value(CONTEXT_BUDGET, Long.class)),
                        values.value(CONTEXT_REMINDER, Long.class)));
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
     * The memory {@code namespace} in the bucket at {@code url}, a URL given to a command ({@code memdir store}),
     * reached with the {@code --s3-endpoint} and {@code --s3-region} that {@code flags}, the environment or the
     * settings file give.
     */
    public S3Memory bucket(S3Url url, String namespace, Map<String, String> flags) throws ConfigException {
        return S3Memory.of(url, namespace, values(flags));
    }

    /** Returns the values {@code flags}, the environment and the settings file give, in that order. */
    private SettingValues values(Map<String, String> flags) throws ConfigException {
        Optional<Raw> named = new SettingSources(flags, env, Map.of(), "").lookup(CONFIG);
        Path configPath = named.isPresent() ? paths.parse(named.get()) : memdirDirectory().resolve("config.yaml");
        Map<String, String> file = ConfigFile.read(configPath, named.isPresent());
        return new SettingValues(new SettingSources(flags, env, file, configPath.toString()), paths);
    }

    /** Half the cores, but two where there are two or more: a memory's first embedding then takes half as long. */
    static int defaultRecallThreads(int cores) {
        return Math.min(cores, Math.max(2, cores / 2));
    }

    private static RecallSettings recall(SettingValues values) throws ConfigException {
        boolean hybrid = values.value(RECALL, String.class).equalsIgnoreCase("hybrid");
        int threads = values.optional(RECALL_THREADS, Long.class).map(Long::intValue)
                .orElse(defaultRecallThreads(Runtime.getRuntime().availableProcessors()));
        return new RecallSettings(hybrid, threads, values.value(RECALL_WAIT, Duration.class));
    }

    /** The HTTP settings; the TLS files come as a pair. */
    private static Optional<Path> keyFile(SettingValues values) throws ConfigException {
        Optional<Path> file = values.optional(KEY_FILE, Path.class);
        if (file.isPresent()) {
            KeyFileRule.check(file.get(), "--" + KEY_FILE.key());
        }
        return file;
    }

    private static HttpSettings http(SettingValues values) throws ConfigException {
        Optional<Path> certificate = values.optional(TLS_CERT, Path.class);
        Optional<Path> key = values.optional(TLS_KEY, Path.class);
        if (certificate.isPresent() != key.isPresent()) {
            throw new ConfigException(certificate.isPresent() ? "--tls-cert needs --tls-key, its private key"
                    : "--tls-key needs --tls-cert, its certificate");
        }
        Optional<HttpSettings.TlsFiles> tls = certificate.map(file -> new HttpSettings.TlsFiles(file, key.get()));
        @SuppressWarnings("unchecked")
        List<String> origins = values.optional(ALLOW_ORIGIN, List.class).orElse(List.of());
        @SuppressWarnings("unchecked")
        List<AddressRange> proxies = values.optional(TRUSTED_PROXY, List.class).orElse(List.of());
        return new HttpSettings(values.optional(HTTP, HttpAddress.class), tls, origins,
                values.value(MAX_REQUEST_BYTES, Long.class), values.value(RATE, Long.class).intValue(), proxies);
    }

    /** The OAuth resource server {@code --oauth-issuer} asks for, if it does; the other OAuth options need it. */
    private static Optional<OAuthSettings> oauth(SettingValues values) throws ConfigException {
        Optional<Raw> issuer = values.lookup(OAUTH_ISSUER);
        if (issuer.isEmpty()) {
            for (Setting needsIssuer : List.of(OAUTH_AUDIENCE, OAUTH_USER_CLAIM, OAUTH_NAMESPACE_CLAIM)) {
                Optional<Raw> given = values.lookup(needsIssuer);
                if (given.isPresent()) {
                    throw new ConfigException(given.get().origin() + " needs --oauth-issuer URL: it says how to"
                            + " read the access tokens of an issuer");
                }
            }
            return Optional.empty();
        }
        URI issuerUrl = values.parse(OAUTH_ISSUER, issuer.get(), URI.class);
        if (!SecureUrl.allowed(issuerUrl)) {
            throw issuer.get().invalid(SecureUrl.RULE);
        }
        return Optional.of(new OAuthSettings(issuerUrl, values.optional(OAUTH_AUDIENCE, URI.class),
                values.value(OAUTH_USER_CLAIM, String.class).trim(),
                values.optional(OAUTH_NAMESPACE_CLAIM, String.class).map(String::trim)));
    }

    /**
     * Returns Claude Code's configuration directory: the setting, else {@code CLAUDE_CONFIG_DIR}, else
     * {@code ~/.claude}.
     */
    private Path claudeConfigDirectory(SettingValues values) throws ConfigException {
        Optional<Path> configured = values.optional(CLAUDE_CONFIG_DIR, Path.class);
        if (configured.isPresent()) {
            return configured.get();
        }
        return claudeCodeDirectory();
    }

    /** Where Claude Code keeps this user's configuration, as it finds it: CLAUDE_CONFIG_DIR, else ~/.claude. */
    public Path claudeCodeDirectory() throws ConfigException {
        String claudeDir = env.get("CLAUDE_CONFIG_DIR");
        return claudeDir != null && !claudeDir.isBlank() ? paths.parse(new Raw(claudeDir, "CLAUDE_CONFIG_DIR"))
                : home.resolve(".claude");
    }

    /** memdir's own directory: MEMDIR_HOME, else ~/.memdir. */
    public Path memdirDirectory() throws ConfigException {
        String configured = env.get("MEMDIR_HOME");
        return configured != null && !configured.isEmpty() ? paths.parse(new Raw(configured, "MEMDIR_HOME"))
                : home.resolve(".memdir");
    }

    private Path defaultRoot(Path project, boolean claudeCodeMemory, Path claudeConfig) throws ConfigException {
        String key = ProjectKey.required(project, "the memory root with --root");
        if (claudeCodeMemory) {
            return claudeConfig.resolve("projects").resolve(key).resolve("memory");
        }
        return memdirDirectory().resolve("projects").resolve(key).resolve("memory");
    }

    private static IndexBudget indexBudget(SettingValues values) throws ConfigException {
        double near = values.value(INDEX_NEAR_RATIO, Double.class);
        double target = values.value(INDEX_TARGET_RATIO, Double.class);
        if (target >= near) {
            throw new ConfigException(INDEX_TARGET_RATIO.key() + " (" + target + ") must be below "
                    + INDEX_NEAR_RATIO.key() + " (" + near + ")");
        }
        return new IndexBudget(values.value(INDEX_MAX_LINES, Long.class).intValue(),
                values.value(INDEX_MAX_BYTES, Long.class).intValue(), near, target);
    }
}
