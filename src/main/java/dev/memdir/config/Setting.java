package dev.memdir.config;

import dev.memdir.config.SettingSources.Raw;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The table of memdir's settings. Each is an option ({@code --} + its key), an environment variable
 * ({@code MEMDIR_} + its name) and a key of the YAML file; its parser parses its values, {@link SettingsResolver}
 * merges them, the command line builds its option and help from it, and a test holds README's options table to it.
 * A new setting is one constant here, plus its use in the resolver.
 */
public enum Setting {
    ROOT(Parser.PATH, "DIR", Default.described("per project: `~/.memdir/projects/<key>/memory`"),
            "Memory root that /memories maps to (created if missing)."),
    CLAUDE_CODE_MEMORY(Default.OFF, "Use Claude Code's own auto-memory directory of this project"
            + " (~/.claude/projects/<project key>/memory), so both share one memory."),
    AGENT(Parser.TEXT, "NAME", Default.NONE,
            "Serve the own memory of the agent NAME (as Claude Code gives a subagent); needs --scope."),
    SCOPE(Parser.CHOICE, "user|project|local", Default.NONE, "With --agent: ~/.claude/agent-memory/NAME (user),"
            + " <project>/.claude/agent-memory/NAME (project) or <project>/.claude/agent-memory-local/NAME (local)."),
    STORE(Parser.TEXT, "URL", Default.described("the directory store at the root"),
            "Keep the memory in this PostgreSQL database, postgresql://[user@]host[:port]/dbname[?param=value...]"
            + " (the password from PGPASSWORD or ~/.pgpass, never from the URL), or in this S3 bucket,"
            + " s3://BUCKET[/PREFIX] (credentials from the AWS chain)."),
    NAMESPACE(Parser.TEXT, "NAME", Default.described("the project's key (`agent/NAME/SCOPE` with `--agent`)"),
            "With --store: which memory of the database or the bucket to serve (1-200 characters of A-Z a-z 0-9 . _"
            + " / -)."),
    STORE_TIMEOUT(Parser.TIMEOUT, "DURATION", Default.value("5s"),
            "How long a call waits for a PostgreSQL database or an S3 bucket before it answers that the store is"
            + " busy or unavailable (5s, 500ms)."),
    S3_ENDPOINT(Parser.URL, "URL", Default.described("Amazon S3"),
            "With an s3://BUCKET[/PREFIX] store: the S3-compatible service that holds the bucket (MinIO, Cloudflare"
            + " R2, Backblaze B2), addressed path-style, URL/BUCKET/KEY."),
    S3_REGION(Parser.TEXT, "REGION", Default.described("the AWS chain's (`AWS_REGION`, the profile's); `us-east-1`"
            + " with `--s3-endpoint`"), "With an s3://BUCKET[/PREFIX] store: the region requests are signed for, as"
            + " eu-central-1 (auto on R2)."),
    KEY_FILE(Parser.PATH, "FILE", Default.described("none: the memory is kept plain"),
            "Encrypt the memory at rest under the key in this key file (memdir key create makes one; only its owner"
            + " may read it). A memory encrypted under a key opens only with it."),
    TOOLS(Parser.CHOICE, "split|single", Default.value("split"),
            "Publish six tools (split) or one 'memory' tool taking a command (single)."),
    READ_ONLY(Default.OFF, "Publish only the view tool."),
    SEARCH_TOOL(Default.OFF, "Also publish recall as a seventh tool, search (off: every tool costs context on every"
            + " request; the recall prompt and resource are always there)."),
    RECALL(Parser.CHOICE, "keywords|hybrid", Default.value("hybrid"),
            "How recall ranks: by keywords (BM25) alone, or also by meaning, with vectors an embedding model in the"
            + " process computes in the background (hybrid; the model loads at the first recall)."),
    RECALL_THREADS(Parser.INT, "N", Default.described("half the cores, at least 2 (1 on one core)"),
            "With --recall hybrid: the most threads computing vectors at once."),
    RECALL_WAIT(Parser.TIMEOUT, "DURATION", Default.value("1500ms"),
            "With --recall hybrid, on a memory that keeps vectors: how long a recall waits for the models (which a"
            + " session starts loading at once) rather than answer by keywords alone."),
    CONTEXT_TOOL(Default.OFF, "Also publish the tool context, which Claude Code's hooks call to bring memories"
            + " unasked (memdir config claude-code --install sets them up and hides the tool from the model)."),
    CONTEXT_BUDGET(Parser.BYTES, "N", Default.value("2K"),
            "With --context-tool: the most bytes of memories one hook adds to the model's context."),
    CONTEXT_REMINDER(Parser.COUNT, "TOKENS", Default.value("140000"),
            "With --context-tool: remind the model to record its progress each time a Claude Code session's context"
            + " grows by this many tokens."),
    HISTORY_KEEP(Parser.VERSIONS, "N", Default.value("20"), "Earlier versions kept of each memory file."),
    HISTORY_MAX_BYTES(Parser.BYTES, "N", Default.value("10M"),
            "Most bytes all kept versions together may hold; the oldest go first."),
    STALE_AFTER(Parser.DAYS, "DAYS", Default.value("90"),
            "Days a memory file may go untouched before status flags it as stale."),
    MAX_FILE_BYTES(Parser.BYTES, "N", Default.value("100K"), "Largest memory file a write may produce."),
    MAX_ROOT_BYTES(Parser.BYTES, "N", Default.described("no limit"),
            "Most bytes all memory files together may hold."),
    MAX_FILES(Parser.COUNT, "N", Default.described("no limit"), "Most memory files the root may hold."),
    LOG_LEVEL(Parser.LOG_LEVEL, "LEVEL", Default.value("info"),
            "trace, debug, info, warn, error or off. Logs go to stderr."),
    LOG_FILE(Parser.PATH, "FILE", Default.NONE, "Also append logs to this file."),
    INDEX_MAX_LINES(Parser.INT, "N", Default.value("200"), "Lines of MEMORY.md that load."),
    INDEX_MAX_BYTES(Parser.INT, "N", Default.value("25000"), "UTF-8 bytes of MEMORY.md that load."),
    INDEX_NEAR_RATIO(Parser.RATIO, "R", Default.value("0.9"),
            "From this share of a limit on, writes to MEMORY.md get a reminder."),
    INDEX_TARGET_RATIO(Parser.RATIO, "R", Default.value("0.7"),
            "The share of a limit an over-budget index is asked to shrink to."),
    SESSION_ID(Parser.TEXT, "ID", Default.described("a new UUID per session"),
            "Session id recorded as metadata.originSessionId."),
    PROJECT(Parser.PATH, "DIR", Default.described("the client's first root, else the working directory"),
            "Project whose instructions are resolved and whose memory is the default root."),
    CLAUDE_CONFIG_DIR(Parser.PATH, "DIR", Default.described("`CLAUDE_CONFIG_DIR`, else `~/.claude`"),
            "Claude Code's configuration directory."),
    MANAGED_DIR(Parser.PATH, "DIR", Default.described("`/etc/claude-code` (Linux)"), "Managed-policy directory."),
    AGENTS_MD(Default.ON, "Read AGENTS.md where a directory has no CLAUDE.md."),
    ALLOW_EXTERNAL_IMPORTS(Default.OFF,
            "Let project instruction files import files outside the project without approval."),
    OAUTH_ISSUER(Parser.URL, "URL", Default.NONE, "Serve HTTP as an OAuth 2.1 resource server: take JWT access"
            + " tokens of this issuer, checked against the keys its metadata names."),
    OAUTH_AUDIENCE(Parser.URL, "URL", Default.described("the server's resource URL, as `https://host/mcp`"),
            "With --oauth-issuer: the audience (aud) tokens must hold, this server's canonical URL."),
    OAUTH_USER_CLAIM(Parser.TEXT, "CLAIM", Default.value("sub"),
            "With --oauth-issuer: the claim that names the principal."),
    OAUTH_NAMESPACE_CLAIM(Parser.TEXT, "CLAIM", Default.described("none: each principal has `user/<name>`"),
            "With --oauth-issuer: the claim that names the principal's namespace."),
    HTTP(Parser.ADDRESS, "[HOST:]PORT", Default.described("stdio"),
            "Serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (HOST defaults to 127.0.0.1; port 0"
            + " takes a free one)."),
    TLS_CERT(Parser.PATH, "FILE", Default.NONE,
            "With --http: serve HTTPS with this PEM certificate (chain); needs --tls-key."),
    TLS_KEY(Parser.PATH, "FILE", Default.NONE, "With --http: the PEM private key (PKCS#8) of --tls-cert."),
    ALLOW_ORIGIN(Parser.ORIGINS, "ORIGIN", Default.described("none: only requests without an `Origin`"),
            "With --http: a browser Origin that may call the server, as https://app.example:8443 (repeatable;"
            + " comma-separated in the environment and the file)."),
    MAX_REQUEST_BYTES(Parser.BYTES, "N", Default.value("4M"),
            "With --http: the largest request body; a larger one gets 413."),
    RATE(Parser.INT, "N", Default.value("50"),
            "With --http: requests a second each principal may make, in bursts of twice as many; more get 429."),
    TRUSTED_PROXY(Parser.ADDRESS_RANGES, "CIDR", Default.described("none: the client is the connection's peer"),
            "With --http: a proxy whose Forwarded or X-Forwarded-For header names the client, as 10.0.0.0/8,"
            + " fd00::/8 or one address (repeatable; comma-separated in the environment and the file)."),
    CONFIG(Parser.PATH, "FILE", Default.described("`~/.memdir/config.yaml`"),
            "YAML settings file. Flags beat environment variables beat the file.");

    /** The settings a command's help shows under one heading; every setting is in one group. */
    public enum Group {
        MEMORY("Memory", ROOT, CLAUDE_CODE_MEMORY, AGENT, SCOPE, PROJECT),
        STORE("Store", Setting.STORE, NAMESPACE, STORE_TIMEOUT, S3_ENDPOINT, S3_REGION, KEY_FILE),
        TOOLS("Tools", Setting.TOOLS, READ_ONLY, SEARCH_TOOL, RECALL, RECALL_THREADS, RECALL_WAIT, CONTEXT_TOOL,
                CONTEXT_BUDGET, CONTEXT_REMINDER),
        FILES("Files and history", HISTORY_KEEP, HISTORY_MAX_BYTES, STALE_AFTER, MAX_FILE_BYTES, MAX_ROOT_BYTES,
                MAX_FILES, SESSION_ID),
        INDEX("Index budget", INDEX_MAX_LINES, INDEX_MAX_BYTES, INDEX_NEAR_RATIO, INDEX_TARGET_RATIO),
        INSTRUCTIONS("Instructions", CLAUDE_CONFIG_DIR, MANAGED_DIR, AGENTS_MD, ALLOW_EXTERNAL_IMPORTS),
        HTTP("HTTP", Setting.HTTP, TLS_CERT, TLS_KEY, ALLOW_ORIGIN, MAX_REQUEST_BYTES, RATE, TRUSTED_PROXY),
        OAUTH("OAuth", OAUTH_ISSUER, OAUTH_AUDIENCE, OAUTH_USER_CLAIM, OAUTH_NAMESPACE_CLAIM),
        LOGGING("Logging", LOG_LEVEL, LOG_FILE),
        SETTINGS_FILE("Settings file", CONFIG);

        private final String heading;
        private final List<Setting> settings;

        Group(String heading, Setting... settings) {
            this.heading = heading;
            this.settings = List.of(settings);
        }

        /** Returns the heading help shows above the group's options, as {@code Memory}. */
        public String heading() {
            return heading;
        }

        /** Returns the group's settings, in the order help lists them. */
        public List<Setting> settings() {
            return settings;
        }
    }

    /** How a setting's text becomes its value: each parser parses its own values. */
    enum Parser {
        /** true or false (also yes/no, 1/0); on the command line, the option alone or its {@code --no-} form. */
        SWITCH(plain(Choices::bool)),
        /** Any text, as given. */
        TEXT(plain(Raw::value)),
        /** A path: {@code ~} is the home, a relative one lies under the working directory; never a URL. */
        PATH((setting, raw, paths) -> paths.parse(raw)),
        /** One of the words of the label, as {@code split|single}, in any case. */
        CHOICE((setting, raw, paths) -> Choices.choice(setting.label(), raw)),
        /** trace, debug, info, warn, error or off, in any case. */
        LOG_LEVEL(plain(Choices::logLevel)),
        /** A size, as {@code 102400}, {@code 100K} or {@code 1M}. */
        BYTES(plain(Quantities::bytes)),
        /** A number of days, as {@code 90} or {@code 90d}. */
        DAYS(plain(Quantities::days)),
        /** A fraction above 0 and at most 1. */
        RATIO(plain(Quantities::ratio)),
        /** A positive whole number. */
        COUNT(plain(raw -> Quantities.count(raw, Long.MAX_VALUE))),
        /** A positive time, as {@code 5s}, {@code 500ms} or {@code 5} (seconds). */
        TIMEOUT(plain(Quantities::timeout)),
        /** A positive whole number that fits in an int. */
        INT(plain(raw -> Quantities.count(raw, Integer.MAX_VALUE))),
        /** A number of kept versions of one file, each a file on disk: 1 to 10000. */
        VERSIONS(plain(raw -> Quantities.count(raw, 10_000))),
        /** An absolute http or https URL without query or fragment. */
        URL(plain(Addresses::url)),
        /** Where to listen: {@code [HOST:]PORT}, as {@code 8080}, {@code 0.0.0.0:8080} or {@code [::1]:8080}. */
        ADDRESS(plain(Addresses::listening)),
        /** Browser origins; the option repeats, and the environment or file separates them by commas. */
        ORIGINS(plain(Addresses::origins)),
        /** Networks ({@code 10.0.0.0/8}) or addresses; repeated and separated as {@link #ORIGINS}. */
        ADDRESS_RANGES(plain(Addresses::ranges));

        /** Parses a value of {@code setting}; {@code paths} says where a relative path lies. */
        @FunctionalInterface
        private interface Rule {
            Object parse(Setting setting, Raw raw, LocalPaths paths) throws ConfigException;
        }

        /** A rule that needs nothing but the value. */
        @FunctionalInterface
        private interface PlainRule {
            Object parse(Raw raw) throws ConfigException;
        }

        private final Rule rule;

        Parser(Rule rule) {
            this.rule = rule;
        }

        private static Rule plain(PlainRule rule) {
            return (setting, raw, paths) -> rule.parse(raw);
        }
    }

    /** What a setting is when nothing sets it: a value in the setting's own syntax, or a description. */
    record Default(String text, boolean isValue) {

        static final Default OFF = value("false");
        static final Default ON = value("true");
        static final Default NONE = described("none");

        static Default value(String value) {
            return new Default(value, true);
        }

        static Default described(String description) {
            return new Default(description, false);
        }
    }

    private final Parser parser;
    private final String label;
    private final Default fallback;
    private final String help;
    private final String key;

    Setting(Parser parser, String label, Default fallback, String help) {
        this.parser = parser;
        this.label = label;
        this.fallback = fallback;
        this.help = help;
        this.key = name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** A switch: an option without a value. */
    Setting(Default fallback, String help) {
        this(Parser.SWITCH, null, fallback, help);
    }

    /** Returns the key: the option without its {@code --}, and the key in the YAML file. */
    public String key() {
        return key;
    }

    /** Returns the option, as {@code --root}. */
    public String option() {
        return "--" + key;
    }

    public String envName() {
        return "MEMDIR_" + name();
    }

    /** Returns whether the YAML file may set it: all but the file's own name. */
    boolean inFile() {
        return this != CONFIG;
    }

    /** Returns whether the option takes no value: given alone it means true, in its {@code --no-} form false. */
    public boolean isSwitch() {
        return parser == Parser.SWITCH;
    }

    /** Returns whether the option may be given more than once, each time adding a value. */
    public boolean isRepeatable() {
        return parser == Parser.ORIGINS || parser == Parser.ADDRESS_RANGES;
    }

    /** Returns what the option's value is called in help, as {@code DIR}; null for a switch. */
    public String label() {
        return label;
    }

    /** Returns the default value, in the setting's own syntax; empty when the default is worked out, or none. */
    public Optional<String> defaultValue() {
        return fallback.isValue() ? Optional.of(fallback.text()) : Optional.empty();
    }

    /** Returns the default as README shows it: the value, or what holds instead (Markdown). */
    public String defaultText() {
        return fallback.text();
    }

    /** Returns the one-line help of the option, without its default. */
    public String help() {
        return help;
    }

    /** Parses a raw value of this setting; the error names where the value came from. */
    Object parse(Raw raw, LocalPaths paths) throws ConfigException {
        return parser.rule.parse(this, raw, paths);
    }
}
