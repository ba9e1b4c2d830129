package dev.memdir.cli;

import dev.memdir.auth.TokenStore;
import dev.memdir.config.ConfigException;
import dev.memdir.config.Setting;
import dev.memdir.config.Settings;
import dev.memdir.config.Quantities;
import dev.memdir.config.SettingsResolver;
import dev.memdir.wiring.StoreChoice;
import dev.memdir.wiring.StoreUnavailableException;
import dev.memdir.http.HttpServe;
import dev.memdir.server.MemdirServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code memdir}: with no subcommand it serves, exactly as {@code memdir serve}. */
@Command(name = "memdir", mixinStandardHelpOptions = true, versionProvider = Version.class,
        addMethodSubcommands = false, // CommandTree adds them when they are needed
        description = "An MCP server over stdio: a safe /memories directory for agents.",
        footer = {"", "Run with no command to serve MCP on stdin/stdout (the same as 'memdir serve')."})
final class MemdirCommand implements Callable<Integer> {

    static final int STARTUP_FAILED = 1;
    static final int USAGE = 2;

    @Mixin
    SettingOptions options;

    private final InputStream stdin;
    private final OutputStream stdout;
    private final PrintStream err;

    MemdirCommand(InputStream stdin, OutputStream stdout, PrintStream err) {
        this.stdin = stdin;
        this.stdout = stdout;
        this.err = err;
    }

    @Override
    public Integer call() {
        return serve(options.given());
    }

    /** Serves as {@code memdir} with no arguments does: settings from the environment and the config file. */
    int serveWithDefaults() {
        return serve(Map.of());
    }

    /** Options given before {@code serve} count too; those after it win. */
    @Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = {"Serve MCP over stdio (the default command);",
                    "with --http [HOST:]PORT, Streamable HTTP at http://HOST:PORT/mcp."})
    int serveCommand(@Mixin SettingOptions serveOptions) {
        return serve(merged(serveOptions));
    }

    @Command(name = "index", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Print the figures of MEMORY.md against its budget; exit 1 when it is over.")
    int indexCommand(@Mixin SettingOptions indexOptions) {
        Optional<Settings> settings = resolve(merged(indexOptions));
        if (settings.isEmpty()) {
            return USAGE;
        }
        if (settings.get().database().isPresent()) {
            err.println("memdir: index reads a directory store only, for now; with --store, read the figures in"
                    + " memdir://memory/status");
            return USAGE;
        }
        try {
            return IndexCommand.run(settings.get(), new PrintStream(stdout, true, StandardCharsets.UTF_8));
        } catch (IOException e) {
            err.println("memdir: cannot read " + settings.get().root().resolve("MEMORY.md") + ": " + e.getMessage());
            return STARTUP_FAILED;
        }
    }

    @Command(name = "instructions", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Print the project's instructions as the instruction resources return them.")
    int instructionsCommand(@Mixin SettingOptions instructionOptions,
            @Option(names = "--for", paramLabel = "PATH",
                    description = "Print what becomes active when PATH (relative to the project) is touched.")
            String forPath,
            @Option(names = "--format", paramLabel = "text|json", defaultValue = "text",
                    description = "text: the instructions; json: the per-file report.")
            String format) {
        Optional<InstructionsCommand.Format> parsed = Optional.ofNullable(switch (format.toLowerCase(Locale.ROOT)) {
            case "text" -> InstructionsCommand.Format.TEXT;
            case "json" -> InstructionsCommand.Format.JSON;
            default -> null;
        });
        if (parsed.isEmpty()) {
            err.println("memdir: --format must be text or json, not '" + format + "'");
            return USAGE;
        }
        Optional<Settings> settings = resolve(merged(instructionOptions));
        if (settings.isEmpty()) {
            return USAGE;
        }
        try {
            return InstructionsCommand.run(settings.get(), Optional.ofNullable(forPath), parsed.get(),
                    new PrintStream(stdout, true, StandardCharsets.UTF_8));
        } catch (IOException e) {
            err.println("memdir: cannot resolve the instructions: " + e.getMessage());
            return STARTUP_FAILED;
        }
    }

    // No standard --version option here: --version N names the version to redact.
    @Command(name = "history",
            description = {"List the earlier versions of a memory file kept before edits, renames, deletes and"
                    + " restores;", "'history redact PATH --version N' removes one version's content (a secret"
                    + " written by mistake), keeping its figures with who redacted it and when."})
    int historyCommand(@Mixin SettingOptions historyOptions,
            @Parameters(paramLabel = "[redact] PATH", arity = "1..2",
                    description = "/memories/notes.md or notes.md, after 'redact' to redact") List<String> words,
            @Option(names = "--version", paramLabel = "N", description = "With redact: the version to redact.")
            Integer version,
            @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
            boolean help) {
        boolean redact = words.size() == 2 && words.get(0).equals("redact");
        if (words.size() == 2 && !redact || redact != (version != null)) {
            err.println("memdir: use 'memdir history PATH' or 'memdir history redact PATH --version N'");
            return USAGE;
        }
        Optional<Settings> settings = resolve(merged(historyOptions));
        if (settings.isEmpty()) {
            return USAGE;
        }
        String path = words.get(words.size() - 1);
        PrintStream out = new PrintStream(stdout, true, StandardCharsets.UTF_8);
        try {
            return redact ? HistoryCommand.redact(settings.get(), path, version, out, err)
                    : HistoryCommand.list(settings.get(), path, out, err);
        } catch (IOException e) {
            err.println("memdir: cannot read the history of " + path + ": " + e.getMessage());
            return STARTUP_FAILED;
        }
    }

    @Command(name = "store", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = {"'store copy --from DIR|URL --to DIR|URL': copy a memory between a directory and a"
                    + " PostgreSQL database (postgresql://..., as --store takes it), refusing a target that"
                    + " holds a memory unless --merge;", "'store check [DIR|URL]': the schema version, namespaces,"
                    + " file counts and sizes of a database, or the figures of a directory (default: the root)."})
    int storeCommand(@Mixin SettingOptions storeOptions,
            @Parameters(paramLabel = "copy|check [DIR|URL]", arity = "1..2") List<String> words,
            @Option(names = "--from", paramLabel = "DIR|URL", description = "copy: the store to copy from.")
            String from,
            @Option(names = "--to", paramLabel = "DIR|URL", description = "copy: the store to copy into.")
            String to,
            @Option(names = "--with-history", description = "copy: the kept versions of every file too.")
            boolean withHistory,
            @Option(names = "--merge", description = "copy: add to a target that already holds a memory.")
            boolean merge) {
        // --namespace (a setting of its own) names the memory on the database side of a copy, with no --store.
        Map<String, String> flags = merged(storeOptions);
        String namespace = flags.remove(Setting.NAMESPACE.key());
        boolean copy = words.size() == 1 && words.get(0).equals("copy") && from != null && to != null;
        boolean check = words.get(0).equals("check") && from == null && to == null && namespace == null
                && !withHistory && !merge;
        if (!copy && !check) {
            err.println("memdir: use 'memdir store copy --from DIR|URL --to DIR|URL [--namespace N] [--with-history]"
                    + " [--merge]' or 'memdir store check [DIR|URL]'");
            return USAGE;
        }
        Optional<Settings> settings = resolve(flags);
        if (settings.isEmpty()) {
            return USAGE;
        }
        PrintStream out = new PrintStream(stdout, true, StandardCharsets.UTF_8);
        try {
            return copy ? StoreCommand.copy(settings.get(), StoreAddress.parse(from), StoreAddress.parse(to),
                            Optional.ofNullable(namespace), withHistory, merge, out, err)
                    : StoreCommand.check(settings.get(), words.stream().skip(1).findFirst().map(StoreAddress::parse),
                            out);
        } catch (ConfigException | IllegalArgumentException e) {
            err.println("memdir: " + e.getMessage());
            return USAGE;
        } catch (IOException e) {
            err.println("memdir: store " + words.get(0) + " failed: " + e.getMessage());
            return STARTUP_FAILED;
        }
    }

    @Command(name = "token", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = {"The bearer tokens of 'memdir serve --http', kept with the memory they guard (with"
                    + " --store in its database, else in the root), as their SHA-256 only:",
                    "'token create --user NAME [--namespace NS] [--read-only] [--expires 90d]' prints a new token"
                    + " once (here --namespace and --read-only describe the token; namespace default: user/NAME);",
                    "'token list' shows them without secrets;"
                    + " 'token revoke ID' stops one."})
    int tokenCommand(@Mixin SettingOptions tokenOptions,
            @Parameters(paramLabel = "create|list|revoke [ID]", arity = "1..2") List<String> words,
            @Option(names = "--user", paramLabel = "NAME", description = "create: who the token acts for.")
            String user,
            @Option(names = "--expires", paramLabel = "LIFETIME",
                    description = "create: how long the token works, as 90d or 12h (default: until revoked).")
            String expires) {
        // --namespace and --read-only (settings of their own) describe the token here.
        Map<String, String> flags = merged(tokenOptions);
        Optional<String> namespace = Optional.ofNullable(flags.remove(Setting.NAMESPACE.key()));
        Optional<String> readOnly = Optional.ofNullable(flags.remove(Setting.READ_ONLY.key()));
        String command = words.get(0);
        boolean create = command.equals("create") && words.size() == 1;
        boolean describes = user != null || expires != null || namespace.isPresent() || readOnly.isPresent();
        if (!create && (describes || !(command.equals("list") && words.size() == 1
                || command.equals("revoke") && words.size() == 2))) {
            err.println("memdir: use 'memdir token create --user NAME [--namespace NS] [--read-only] [--expires 90d]',"
                    + " 'memdir token list' or 'memdir token revoke ID'");
            return USAGE;
        }
        PrintStream out = new PrintStream(stdout, true, StandardCharsets.UTF_8);
        try {
            Optional<TokenCommand.Request> request = create ? Optional.of(TokenCommand.request(user, namespace,
                    readOnly.map(Boolean::parseBoolean).orElse(false), Optional.ofNullable(expires)))
                    : Optional.empty();
            Settings settings = SettingsResolver.forThisProcess().resolve(flags);
            try (TokenStore store = StoreChoice.openTokens(settings)) {
                return request.isPresent() ? TokenCommand.create(store, request.get(), out, err)
                        : command.equals("list") ? TokenCommand.list(store, out)
                        : TokenCommand.revoke(store, words.get(1), out, err);
            }
        } catch (ConfigException e) {
            err.println("memdir: " + e.getMessage());
            return USAGE;
        } catch (StoreUnavailableException e) {
            err.println("memdir: " + e.getMessage());
            return STARTUP_FAILED;
        } catch (IOException e) {
            err.println("memdir: token " + command + " failed: " + e.getMessage());
            return STARTUP_FAILED;
        }
    }

    @Command(name = "prune", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Propose the memory files untouched for long and, with --apply, move them into"
                    + " /memories/archive/ (nothing is deleted; 'memdir restore' brings one back).")
    int pruneCommand(@Mixin SettingOptions pruneOptions,
            @Option(names = "--older-than", paramLabel = "DAYS",
                    description = "Untouched for more than this many days (default: --stale-after, 90).")
            String olderThan,
            @Option(names = "--apply", description = "Move the proposed files into /memories/archive/.")
            boolean apply) {
        Optional<Settings> settings = resolve(merged(pruneOptions));
        if (settings.isEmpty()) {
            return USAGE;
        }
        try {
            Duration threshold = olderThan == null ? settings.get().staleAfter()
                    : Quantities.days(olderThan, "--older-than");
            return PruneCommand.run(settings.get(), threshold, apply,
                    new PrintStream(stdout, true, StandardCharsets.UTF_8), err);
        } catch (ConfigException e) {
            err.println("memdir: " + e.getMessage());
            return USAGE;
        } catch (IOException e) {
            err.println("memdir: cannot prune " + settings.get().memoryName() + ": " + e.getMessage());
            return STARTUP_FAILED;
        }
    }

    // No standard --version option here: --version N names the version to restore.
    @Command(name = "restore",
            description = "Write an earlier version of a memory file back (what it holds now is kept first).")
    int restoreCommand(@Mixin SettingOptions restoreOptions,
            @Parameters(paramLabel = "PATH", description = "/memories/notes.md or notes.md") String path,
            @Option(names = "--version", paramLabel = "N", description = "The version to restore (default: newest).")
            Integer version,
            @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
            boolean help) {
        Optional<Settings> settings = resolve(merged(restoreOptions));
        if (settings.isEmpty()) {
            return USAGE;
        }
        try {
            return HistoryCommand.restore(settings.get(), path, Optional.ofNullable(version),
                    new PrintStream(stdout, true, StandardCharsets.UTF_8), err);
        } catch (IOException e) {
            err.println("memdir: cannot restore " + path + ": " + e.getMessage());
            return STARTUP_FAILED;
        }
    }

    @Command(name = "config", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Print the registration of this jar for claude-code, claude-desktop or inspector, or"
                    + " (command) the recommended launch line alone.")
    int configCommand(
            @Parameters(paramLabel = "CLIENT", description = "claude-code, claude-desktop, inspector or command")
            String client,
            @Option(names = "--install",
                    description = "claude-code only: run 'claude mcp add' now (needs the claude CLI on the PATH).")
            boolean install,
            @Option(names = "--http", paramLabel = "URL",
                    description = "Register a memdir served over HTTP at URL (e.g. https://memdir.example/mcp)"
                            + " instead of this jar.")
            String http,
            @Option(names = "--token", paramLabel = "TOKEN",
                    description = "With --http: the bearer token the client sends (from 'memdir token create').")
            String token,
            @Parameters(paramLabel = "SERVER-OPTION", arity = "0..*",
                    description = "Options the registered server runs with, after '--' (e.g. -- --root ~/notes)")
            List<String> serverArgs) {
        Optional<ConfigCommand.Client> parsed = ConfigCommand.client(client);
        if (parsed.isEmpty()) {
            err.println("memdir: unknown client '" + client
                    + "'; use claude-code, claude-desktop, inspector or command");
            return USAGE;
        }
        if (install && parsed.get() != ConfigCommand.Client.CLAUDE_CODE) {
            err.println("memdir: --install works for claude-code only");
            return USAGE;
        }
        if (token != null && parsed.get() == ConfigCommand.Client.COMMAND) {
            err.println("memdir: --token goes with a client that sends it (claude-code, claude-desktop, inspector);"
                    + " 'config command --http URL' prints the URL only");
            return USAGE;
        }
        Optional<String> problem = HttpRegistrationCheck.problem(http, token, serverArgs);
        if (problem.isPresent()) {
            err.println("memdir: " + problem.get());
            return USAGE;
        }
        try {
            PrintStream out = new PrintStream(stdout, true, StandardCharsets.UTF_8);
            if (http != null) {
                return ConfigCommand.runHttp(parsed.get(), http, Optional.ofNullable(token), install, out, err);
            }
            return ConfigCommand.run(parsed.get(), serverArgs == null ? List.of() : serverArgs, install, out, err);
        } catch (IOException e) {
            err.println("memdir: " + e.getMessage());
            return STARTUP_FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return STARTUP_FAILED;
        }
    }

    /** In a method of its own: Jetty and the servlet API load only when HTTP is served. */
    private int serveHttp(Settings settings) throws IOException, InterruptedException {
        LoggingSetup.quietJetty(settings.logLevel());
        return HttpServe.run(settings, Version.current(), err);
    }

    private Map<String, String> merged(SettingOptions subcommandOptions) {
        Map<String, String> flags = new HashMap<>(options.given());
        flags.putAll(subcommandOptions.given());
        return flags;
    }

    private Optional<Settings> resolve(Map<String, String> flags) {
        try {
            return Optional.of(SettingsResolver.forThisProcess().resolve(flags));
        } catch (ConfigException e) {
            err.println("memdir: " + e.getMessage());
            return Optional.empty();
        }
    }

    private int serve(Map<String, String> flags) {
        Optional<Settings> resolved = resolve(flags);
        if (resolved.isEmpty()) {
            return USAGE;
        }
        Settings settings = resolved.get();
        LoggingSetup.apply(settings.logLevel(), settings.logFile());
        try {
            if (settings.http().address().isPresent()) {
                return serveHttp(settings);
            }
            MemdirServer.serve(settings, Version.current(), stdin, stdout);
            return 0;
        } catch (StoreUnavailableException e) {
            err.println("memdir: " + e.getMessage());
        } catch (AccessDeniedException e) {
            err.println("memdir: the memory root " + settings.root() + " is not writable (permission denied);"
                    + " choose another with --root");
        } catch (FileSystemException e) {
            err.println("memdir: cannot open the memory root " + settings.root() + ": " + e.getReason()
                    + "; choose another with --root");
        } catch (IOException e) {
            err.println("memdir: cannot open the memory root " + settings.root() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return STARTUP_FAILED;
    }
}
