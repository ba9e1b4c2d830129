package dev.memdir.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.index.IndexBudget;
import dev.memdir.instructions.InstructionLocations;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Settings from flags, environment and YAML file, resolved against an injected environment, a fake home and a
 * working directory, all deep inside the test's temp dir. The working directory holds a {@code .git} directory
 * so that its project key never depends on what lies above the temp dir.
 */
class SettingsResolverTest {

    private static final String KNOWN_KEYS = "agent, agents-md, allow-external-imports, allow-origin,"
            + " claude-code-memory, claude-config-dir, context-budget, context-reminder, context-tool, history-keep, history-max-bytes, http, index-max-bytes,"
            + " index-max-lines, index-near-ratio, index-target-ratio, key-file, log-file, log-level, managed-dir,"
            + " max-file-bytes, max-files, max-request-bytes, max-root-bytes, namespace, oauth-audience, oauth-issuer,"
            + " oauth-namespace-claim, oauth-user-claim, project, rate, read-only, recall, recall-threads, recall-wait, root,"
            + " s3-endpoint, s3-region, scope, search-tool,"
            + " session-id, stale-after, store, store-timeout, tls-cert, tls-key, tools, trusted-proxy";

    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @TempDir
    Path temp;

    private Path home;
    private Path work;
    private String key;
    private final Map<String, String> env = new HashMap<>();
    private final Map<String, String> flags = new HashMap<>();

    @BeforeEach
    void createHomeAndProject() throws IOException {
        home = Files.createDirectories(temp.resolve("box/home/user"));
        work = Files.createDirectories(temp.resolve("box/work/my.project"));
        Files.createDirectories(work.resolve(".git"));
        key = work.toRealPath().toString().replaceAll("[^A-Za-z0-9]", "-");
    }

    private Settings resolve() throws ConfigException {
        return resolve(Optional.empty());
    }

    private Settings resolve(Optional<String> configFlag) throws ConfigException {
        configFlag.ifPresent(file -> flags.put("config", file));
        return new SettingsResolver(env, home, work).resolve(flags);
    }

    private void assertFails(String message) {
        assertFails(Optional.empty(), message);
    }

    private void assertFails(Optional<String> configFlag, String message) {
        assertThatThrownBy(() -> resolve(configFlag)).isInstanceOf(ConfigException.class).hasMessage(message);
    }

    /** Writes {@code yaml} to {@code file} (creating its parents) and returns the file. */
    private static Path write(Path file, String yaml) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, yaml);
    }

    private Path defaultConfig() {
        return home.resolve(".memdir/config.yaml");
    }

    private Path memdirRoot(Path memdirHome) {
        return memdirHome.resolve("projects").resolve(key).resolve("memory");
    }

    // ---- defaults ----

    @Test
    void noSettings_defaults() throws Exception {
        Settings settings = resolve();

        assertThat(settings.root()).isEqualTo(memdirRoot(home.resolve(".memdir")));
        assertThat(settings.tools()).isEqualTo(ToolLayout.SPLIT);
        assertThat(settings.readOnly()).isFalse();
        assertThat(settings.maxFileBytes()).isEqualTo(102400);
        assertThat(settings.logLevel()).isEqualTo("INFO");
        assertThat(settings.logFile()).isEmpty();
    }

    @Test
    void defaultRoot_keyHasOnlyLettersDigitsAndDashes() throws Exception {
        String rootKey = resolve().root().getParent().getFileName().toString();

        assertThat(rootKey).isEqualTo(key).matches("[A-Za-z0-9-]+").endsWith("-box-work-my-project");
    }

    @Test
    void memdirHome_movesDefaultRoot() throws Exception {
        env.put("MEMDIR_HOME", temp.resolve("box/elsewhere").toString());

        assertThat(resolve().root()).isEqualTo(memdirRoot(temp.resolve("box/elsewhere")));
    }

    @Test
    void memdirHome_tildeExpanded() throws Exception {
        env.put("MEMDIR_HOME", "~/alt");

        assertThat(resolve().root()).isEqualTo(memdirRoot(home.resolve("alt")));
    }

    @Test
    void memdirHome_empty_ignored() throws Exception {
        env.put("MEMDIR_HOME", "");

        assertThat(resolve().root()).isEqualTo(memdirRoot(home.resolve(".memdir")));
    }

    @Test
    void claudeCodeMemory_selectsClaudeProjectMemory() throws Exception {
        flags.put("claude-code-memory", "true");
        env.put("MEMDIR_HOME", temp.resolve("box/elsewhere").toString());

        assertThat(resolve().root()).isEqualTo(home.resolve(".claude/projects").resolve(key).resolve("memory"));
    }

    @Test
    void agentScopes_selectTheRootsClaudeCodeGivesSubagents() throws Exception {
        flags.put("agent", "code-reviewer");
        flags.put("project", temp.resolve("box/work/app").toString());

        flags.put("scope", "user");
        assertThat(resolve().root()).isEqualTo(home.resolve(".claude/agent-memory/code-reviewer"));
        flags.put("scope", "project");
        assertThat(resolve().root()).isEqualTo(temp.resolve("box/work/app/.claude/agent-memory/code-reviewer"));
        flags.put("scope", "LOCAL");
        assertThat(resolve().root())
                .isEqualTo(temp.resolve("box/work/app/.claude/agent-memory-local/code-reviewer"));
    }

    @Test
    void agentScopes_colonBecomesDashAndUserScopeFollowsClaudeConfigDir() throws Exception {
        env.put("MEMDIR_AGENT", "my-plugin:reviewer");
        env.put("MEMDIR_SCOPE", "user");
        env.put("CLAUDE_CONFIG_DIR", temp.resolve("box/claude-config").toString());

        assertThat(resolve().root()).isEqualTo(temp.resolve("box/claude-config/agent-memory/my-plugin-reviewer"));
    }

    @Test
    void agentScopes_projectScopeDefaultsToTheWorkingDirectory() throws Exception {
        flags.put("agent", "writer");
        flags.put("scope", "project");

        assertThat(resolve().root()).isEqualTo(work.resolve(".claude/agent-memory/writer"));
    }

    @Test
    void agentScopes_eachNeedsTheOtherAndNamesStayInside() throws Exception {
        flags.put("agent", "writer");
        assertFails("--agent needs --scope user|project|local: user memory is shared by every project, project"
                + " memory lives in the project (and git), local memory in the project but out of git");

        flags.remove("agent");
        env.put("MEMDIR_SCOPE", "user");
        assertFails("MEMDIR_SCOPE needs --agent NAME: the scope of whose memory?");

        flags.put("agent", "writer");
        flags.put("scope", "team");
        assertFails("--scope must be user, project or local, not 'team'");

        for (String name : List.of("..", "../x", "a/b", "a\\b", ".")) {
            flags.put("agent", name);
            flags.put("scope", "user");
            assertFails("--agent must be an agent name of letters, digits, '.', '_', '-' and ':', not '" + name + "'");
        }
    }

    @Test
    void agentScopes_conflictWithAnotherWayOfChoosingTheRoot() throws Exception {
        flags.put("agent", "writer");
        flags.put("scope", "user");
        flags.put("root", temp.resolve("box/notes").toString());
        assertFails("--agent and --root both choose the memory root; give one of them");

        flags.remove("root");
        env.put("MEMDIR_CLAUDE_CODE_MEMORY", "true");
        assertFails("--agent and --claude-code-memory both choose the memory root; give one of them");
    }

    // ---- the store ----

    @Test
    void store_absent_theDirectoryStoreAtTheRoot() throws Exception {
        assertThat(resolve().store()).isEmpty();
    }

    @Test
    void store_givenAsAUrl_theProjectsKeyIsTheNamespace() throws Exception {
        env.put("MEMDIR_STORE", "postgresql://alice@db:6432/team?sslmode=require");
        env.put("PGPASSWORD", "secret");

        Settings settings = resolve();

        assertThat(settings.store()).contains(new PostgresMemory(
                new PostgresUrl("db", 6432, "team", Optional.of("alice"), Map.of("sslmode", "require")), key,
                new PostgresLogin("alice", Optional.of("secret"))));
        assertThat(settings.memoryName()).isEqualTo("namespace " + key + " of postgresql://alice@db:6432/team");
    }

    @Test
    void namespace_givenOrTheAgentsScope() throws Exception {
        flags.put("store", "postgresql://db/team");
        flags.put("namespace", "team/backend");
        assertThat(resolve().store().orElseThrow().namespace()).isEqualTo("team/backend");

        flags.remove("namespace");
        flags.put("agent", "plugin:reviewer");
        flags.put("scope", "project");
        assertThat(resolve().store().orElseThrow().namespace()).isEqualTo("agent/plugin-reviewer/project");
    }

    @Test
    void namespace_outsideItsAlphabetOrWithoutAStore_refused() throws Exception {
        flags.put("namespace", "team");
        assertFails("--namespace needs --store URL: a namespace names a memory inside a database or a bucket");

        flags.put("store", "postgresql://db/team");
        flags.put("namespace", "team/../other");
        assertFails("--namespace must be 1-200 characters of A-Z a-z 0-9 . _ / - without '..', not 'team/../other'");
    }

    @Test
    void store_withTheDirectoryStoresOwnOptions_refused() throws Exception {
        flags.put("store", "postgresql://db/team");
        env.put("MEMDIR_ROOT", temp.resolve("box/notes").toString());
        assertFails("--store and MEMDIR_ROOT both choose where the memory lives; give one of them (--root names a"
                + " directory, which goes with the directory store only)");

        env.remove("MEMDIR_ROOT");
        flags.put("claude-code-memory", "true");
        assertFails("--store and --claude-code-memory both choose where the memory lives; give one of them (Claude"
                + " Code's memory is a directory on disk, which goes with the directory store only)");

        flags.remove("claude-code-memory");
        flags.put("namespace", "team");
        flags.put("agent", "reviewer");
        flags.put("scope", "user");
        assertFails("--namespace and --agent both choose the namespace; give one of them");
    }

    // ---- S3 ----

    @Test
    void s3Store_theBucketsNamespaceReachedAsTheOptionsSay() throws Exception {
        flags.put("store", "s3://team-memory/people/alice/");
        flags.put("namespace", "team");
        flags.put("s3-endpoint", "http://127.0.0.1:9");
        env.put("MEMDIR_S3_REGION", "auto");

        Settings settings = resolve();

        assertThat(settings.store()).contains(new S3Memory(new S3Url("team-memory", "people/alice"), "team",
                Optional.of(URI.create("http://127.0.0.1:9")), Optional.of("auto")));
        assertThat(settings.memoryName()).isEqualTo("namespace team of s3://team-memory/people/alice");
    }

    @Test
    void s3Store_namespaceAsOnPostgres_theProjectsKeyOrTheAgents() throws Exception {
        flags.put("store", "s3://team-memory");
        assertThat(resolve().store()).contains(new S3Memory(new S3Url("team-memory", ""), key, Optional.empty(),
                Optional.empty()));

        flags.put("agent", "plugin:reviewer");
        flags.put("scope", "project");
        assertThat(resolve().store().orElseThrow().namespace()).isEqualTo("agent/plugin-reviewer/project");

        flags.put("namespace", "team");
        assertFails("--namespace and --agent both choose the namespace; give one of them");
    }

    @Test
    void s3Options_ofACommandThatNamesABucket_goWithIt() throws Exception {
        flags.put("s3-endpoint", "http://127.0.0.1:9");
        env.put("MEMDIR_S3_REGION", "auto");
        SettingsResolver resolver = new SettingsResolver(env, home, work);

        assertThat(resolver.resolve(flags, true).store()).isEmpty();
        assertThat(resolver.bucket(new S3Url("team-memory", "x"), "team", flags)).isEqualTo(new S3Memory(
                new S3Url("team-memory", "x"), "team", Optional.of(URI.create("http://127.0.0.1:9")),
                Optional.of("auto")));
        assertThatThrownBy(() -> resolver.resolve(flags, false)).hasMessage("--s3-endpoint needs --store"
                + " s3://BUCKET[/PREFIX]: it says where a bucket is");

        env.put("MEMDIR_S3_REGION", "EU Central");
        assertThatThrownBy(() -> resolver.bucket(new S3Url("team-memory", "x"), "team", flags))
                .isInstanceOf(ConfigException.class)
                .hasMessage("MEMDIR_S3_REGION must be a region name of a-z 0-9 -, as eu-central-1, not 'EU Central'");
    }

    @Test
    void s3Store_badUrlOrOptions_refusedFirst() throws Exception {
        flags.put("store", "s3://AKIAEXAMPLE:secret@team-memory");
        assertFails("--store carries credentials, which the process list and shell history show; leave them out:"
                + " memdir takes them from the AWS chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY,"
                + " ~/.aws/credentials with AWS_PROFILE, web identity, instance roles)");

        flags.put("store", "s3://team-memory");
        flags.put("s3-endpoint", "minio:9000");
        assertFails("--s3-endpoint must be an http or https URL without query or fragment, like"
                + " https://login.example.com, not 'minio:9000'");

        flags.remove("s3-endpoint");
        flags.put("s3-region", "EU Central");
        assertFails("--s3-region must be a region name of a-z 0-9 -, as eu-central-1, not 'EU Central'");
    }

    @Test
    void s3Options_withoutAnS3Store_refused() throws Exception {
        flags.put("s3-endpoint", "http://127.0.0.1:9000");
        assertFails("--s3-endpoint needs --store s3://BUCKET[/PREFIX]: it says where a bucket is");

        flags.remove("s3-endpoint");
        flags.put("store", "postgresql://db/team");
        env.put("MEMDIR_S3_REGION", "eu-central-1");
        assertFails("MEMDIR_S3_REGION needs --store s3://BUCKET[/PREFIX]: it says where a bucket is");
    }

    // ---- OAuth ----

    @Test
    void oauth_absent_none() throws Exception {
        assertThat(resolve().oauth()).isEmpty();
    }

    @Test
    void oauth_issuerAlone_audienceFromTheServerUserFromSub() throws Exception {
        flags.put("oauth-issuer", "https://login.example.com/tenant");

        assertThat(resolve().oauth()).contains(new OAuthSettings(URI.create("https://login.example.com/tenant"),
                Optional.empty(), "sub", Optional.empty()));
    }

    @Test
    void oauth_everyOptionFromFlagsEnvironmentAndFile() throws Exception {
        env.put("MEMDIR_OAUTH_ISSUER", "http://127.0.0.1:9000");
        flags.put("oauth-audience", "https://memdir.example.com/mcp");
        write(defaultConfig(), "oauth-user-claim: email\noauth-namespace-claim: team\n");

        assertThat(resolve().oauth()).contains(new OAuthSettings(URI.create("http://127.0.0.1:9000"),
                Optional.of(URI.create("https://memdir.example.com/mcp")), "email", Optional.of("team")));
    }

    @Test
    void oauth_optionsWithoutAnIssuer_refused() throws Exception {
        flags.put("oauth-user-claim", "email");
        assertFails("--oauth-user-claim needs --oauth-issuer URL: it says how to read the access tokens of an issuer");

        flags.clear();
        env.put("MEMDIR_OAUTH_AUDIENCE", "https://memdir.example.com/mcp");
        assertFails("MEMDIR_OAUTH_AUDIENCE needs --oauth-issuer URL: it says how to read the access tokens of an"
                + " issuer");
    }

    @ParameterizedTest
    @ValueSource(strings = {"login.example.com", "ftp://login.example.com", "https://login.example.com/?tenant=a",
        "https://login.example.com/#a", "https://user@login.example.com", "https://"})
    void oauth_issuerNotAnHttpUrl_refused(String issuer) {
        flags.put("oauth-issuer", issuer);
        assertFails("--oauth-issuer must be an http or https URL without query or fragment, like"
                + " https://login.example.com, not '" + issuer + "'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://login.example.com", "http://10.0.0.1:8080", "http://127.example.com",
        "http://[::2]:9000", "http://127.0.0.1.example.com"})
    void oauth_issuerOnPlainHttpElsewhereThanThisMachine_refused(String issuer) {
        flags.put("oauth-issuer", issuer);
        assertFails("--oauth-issuer must be an https URL (http only on a loopback address), not '" + issuer + "'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://localhost:9000", "http://127.0.0.1", "http://127.1.2.3:80/realm",
        "http://[::1]:9000", "HTTPS://login.example.com"})
    void oauth_issuerOnHttpsOrThisMachine_taken(String issuer) throws Exception {
        flags.put("oauth-issuer", issuer);
        assertThat(resolve().oauth().orElseThrow().issuer()).isEqualTo(URI.create(issuer));
    }

    @Test
    void oauth_audienceNotAUrl_refused() {
        flags.put("oauth-issuer", "https://login.example.com");
        flags.put("oauth-audience", "memdir.example.com");
        assertFails("--oauth-audience must be an http or https URL without query or fragment, like"
                + " https://login.example.com, not 'memdir.example.com'");
    }

    @Test
    void storeTimeout_secondsOrMilliseconds() throws Exception {
        assertThat(resolve().storeTimeout()).isEqualTo(Duration.ofSeconds(5));
        flags.put("store-timeout", "250ms");
        assertThat(resolve().storeTimeout()).isEqualTo(Duration.ofMillis(250));
        flags.put("store-timeout", "2");
        assertThat(resolve().storeTimeout()).isEqualTo(Duration.ofSeconds(2));
        flags.put("store-timeout", "0s");
        assertFails("--store-timeout must be a positive time in seconds or milliseconds, like 5s or 500ms, not '0s'");
    }

    @Test
    void staleAfter_takesDaysWithOrWithoutD() throws Exception {
        env.put("MEMDIR_STALE_AFTER", "45");
        assertThat(resolve().staleAfter()).isEqualTo(Duration.ofDays(45));
        flags.put("stale-after", "7D");
        assertThat(resolve().staleAfter()).isEqualTo(Duration.ofDays(7));
        flags.put("stale-after", "3w");
        assertFails("--stale-after must be a positive number of days, like 90 or 90d, not '3w'");
        flags.put("stale-after", "0");
        assertFails("--stale-after must be a positive number of days, like 90 or 90d, not '0'");
    }

    @Test
    void claudeCodeMemory_claudeConfigDirMovesIt() throws Exception {
        flags.put("claude-code-memory", "true");
        env.put("CLAUDE_CONFIG_DIR", temp.resolve("box/claude-config").toString());

        assertThat(resolve().root())
                .isEqualTo(temp.resolve("box/claude-config/projects").resolve(key).resolve("memory"));
    }

    @Test
    void claudeCodeMemory_false_keepsMemdirRoot() throws Exception {
        flags.put("claude-code-memory", "false");

        assertThat(resolve().root()).isEqualTo(memdirRoot(home.resolve(".memdir")));
    }

    @Test
    void claudeCodeMemory_explicitRootWins() throws Exception {
        flags.put("claude-code-memory", "true");
        flags.put("root", "/srv/notes");

        assertThat(resolve().root()).isEqualTo(Path.of("/srv/notes"));
    }

    // ---- paths ----

    @ParameterizedTest(name = "[{index}] ''{0}'' -> {1}")
    @CsvSource({
        "~,              HOME:",
        "~/notes,        HOME:notes",
        "~/a/../b,       HOME:b",
        "notes,          WORK:notes",
        "./a/b,          WORK:a/b",
        "../shared,      WORK:../shared",
        "~other/x,       WORK:~other/x",
        "/abs/dir,       ABS:/abs/dir",
        "/abs/./x/../y,  ABS:/abs/y",
    })
    void root_expandedAndResolved(String value, String expected) throws Exception {
        flags.put("root", value);

        assertThat(resolve().root()).isEqualTo(expectedPath(expected));
    }

    @Test
    void logFile_expandedAndResolved() throws Exception {
        env.put("MEMDIR_LOG_FILE", "~/logs/memdir.log");
        assertThat(resolve().logFile()).contains(home.resolve("logs/memdir.log"));

        env.put("MEMDIR_LOG_FILE", "logs/memdir.log");
        assertThat(resolve().logFile()).contains(work.resolve("logs/memdir.log"));
    }

    @Test
    void home_isDollarHomeFirst_forTheRootTheConfigFileAndThePasswordFile() throws Exception {
        Path account = Files.createDirectories(temp.resolve("box/account"));
        write(account.resolve(".memdir/config.yaml"), "tools: split\n");
        write(home.resolve(".memdir/config.yaml"), "tools: single\n");
        Files.writeString(home.resolve(".pgpass"), "*:*:*:*:from-home\n");
        Files.setPosixFilePermissions(home.resolve(".pgpass"), PosixFilePermissions.fromString("rw-------"));
        env.put("HOME", home.toString());

        SettingsResolver resolver = SettingsResolver.forEnvironment(env, account.toString(), work);

        assertThat(resolver.resolve(Map.of()).root())
                .isEqualTo(home.resolve(".memdir/projects").resolve(key).resolve("memory"));
        assertThat(resolver.resolve(Map.of()).tools()).isEqualTo(ToolLayout.SINGLE);
        assertThat(resolver.database("postgresql://alice@db/team", "n").login().password()).contains("from-home");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "relative/home"})
    void home_withoutAnAbsoluteDollarHome_isTheAccountsHome(String dollarHome) throws Exception {
        env.put("HOME", dollarHome);

        assertThat(SettingsResolver.forEnvironment(env, home.toString(), work).resolve(Map.of()).root())
                .isEqualTo(home.resolve(".memdir/projects").resolve(key).resolve("memory"));
    }

    /** {@code HOME:x} is x under the fake home, {@code WORK:x} under the working dir, {@code ABS:x} x itself. */
    private Path expectedPath(String spec) {
        String[] parts = spec.split(":", 2);
        Path base = switch (parts[0]) {
            case "HOME" -> home;
            case "WORK" -> work;
            default -> Path.of("/");
        };
        return base.resolve(parts[1]).normalize();
    }

    @Test
    void root_withNul_namesTheSource() {
        flags.put("root", "a\0b");

        assertFails("--root is not a usable path: 'a\0b'");
    }

    @ParameterizedTest
    @CsvSource({"https://x/y, https", "jdbc:postgresql://h/db?password=p, jdbc", "s3:bucket/x, s3",
            "' file:///tmp/m', file", "notes:2024, notes"})
    void root_thatIsAUrl_isRefused_withTheUrlsMemdirTakes_andNotEchoed(String url, String scheme) {
        flags.put("root", url);

        assertFails("--root must be a path on this machine, not a '" + scheme + ":' URL (the URLs memdir takes are"
                + " --store postgresql://... or s3://... and --oauth-issuer https://...)");
    }

    @Test
    void pathSettings_refuseUrls_fromEverySource() {
        env.put("MEMDIR_LOG_FILE", "s3://bucket/log");
        assertFails("MEMDIR_LOG_FILE must be a path on this machine, not a 's3:' URL (the URLs memdir takes are"
                + " --store postgresql://... or s3://... and --oauth-issuer https://...)");

        env.clear();
        env.put("MEMDIR_HOME", "https://x/home");
        assertFails("MEMDIR_HOME must be a path on this machine, not a 'https:' URL (the URLs memdir takes are"
                + " --store postgresql://... or s3://... and --oauth-issuer https://...)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"C:\\notes", "c:notes", "./s3:bucket", "~/a:b"})
    void root_thatOnlyHasAColon_isAPath(String path) throws Exception {
        flags.put("root", path);

        assertThat(resolve().root()).isEqualTo(work.resolve(path.replace("~/", "../../home/user/")).normalize());
    }

    // ---- precedence: flag > environment > file ----

    /** One setting given in all three sources with distinct values, and the value each source yields. */
    record Layered(String key, String envName, String[] values, Function<Settings, Object> get, Object[] expected) {

        @Override
        public String toString() {
            return key;
        }
    }

    static Stream<Layered> layered() {
        return Stream.of(
                new Layered("root", "MEMDIR_ROOT", new String[] {"/y", "/e", "/f"}, Settings::root,
                        new Object[] {Path.of("/y"), Path.of("/e"), Path.of("/f")}),
                new Layered("tools", "MEMDIR_TOOLS", new String[] {"single", "split", "single"}, Settings::tools,
                        new Object[] {ToolLayout.SINGLE, ToolLayout.SPLIT, ToolLayout.SINGLE}),
                new Layered("read-only", "MEMDIR_READ_ONLY", new String[] {"yes", "no", "true"},
                        Settings::readOnly, new Object[] {true, false, true}),
                new Layered("max-file-bytes", "MEMDIR_MAX_FILE_BYTES", new String[] {"1K", "2K", "3K"},
                        Settings::maxFileBytes, new Object[] {1024L, 2048L, 3072L}),
                new Layered("log-level", "MEMDIR_LOG_LEVEL", new String[] {"debug", "warn", "error"},
                        Settings::logLevel, new Object[] {"DEBUG", "WARN", "ERROR"}),
                new Layered("log-file", "MEMDIR_LOG_FILE", new String[] {"/y.log", "/e.log", "/f.log"},
                        Settings::logFile, new Object[] {Optional.of(Path.of("/y.log")),
                            Optional.of(Path.of("/e.log")), Optional.of(Path.of("/f.log"))}),
                new Layered("claude-code-memory", "MEMDIR_CLAUDE_CODE_MEMORY", new String[] {"true", "false", "1"},
                        s -> s.root().toString().contains("/.claude/projects/"),
                        new Object[] {true, false, true}));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("layered")
    void precedence_flagBeatsEnvBeatsFile(Layered setting) throws Exception {
        write(defaultConfig(), setting.key() + ": '" + setting.values()[0] + "'\n");
        assertThat(setting.get().apply(resolve())).as("file").isEqualTo(setting.expected()[0]);

        env.put(setting.envName(), setting.values()[1]);
        assertThat(setting.get().apply(resolve())).as("env over file").isEqualTo(setting.expected()[1]);

        flags.put(setting.key(), setting.values()[2]);
        assertThat(setting.get().apply(resolve())).as("flag over env").isEqualTo(setting.expected()[2]);
    }

    @Test
    void precedence_flagBeatsFileWithoutEnv() throws Exception {
        write(defaultConfig(), "tools: single\n");
        flags.put("tools", "split");

        assertThat(resolve().tools()).isEqualTo(ToolLayout.SPLIT);
    }

    @Test
    void precedence_badValueInALowerSourceIsNeverRead() throws Exception {
        write(defaultConfig(), "tools: triple\nlog-level: loud\n");
        env.put("MEMDIR_TOOLS", "single");
        flags.put("log-level", "warn");

        Settings settings = resolve();

        assertThat(settings.tools()).isEqualTo(ToolLayout.SINGLE);
        assertThat(settings.logLevel()).isEqualTo("WARN");
    }

    // ---- which config file ----

    @Test
    void configFile_default_underHomeMemdir() throws Exception {
        write(defaultConfig(), "tools: single\n");

        assertThat(resolve().tools()).isEqualTo(ToolLayout.SINGLE);
    }

    @Test
    void configFile_default_underMemdirHome() throws Exception {
        Path memdirHome = temp.resolve("box/memdir-home");
        env.put("MEMDIR_HOME", memdirHome.toString());
        write(memdirHome.resolve("config.yaml"), "tools: single\n");
        write(defaultConfig(), "read-only: true\n");

        Settings settings = resolve();

        assertThat(settings.tools()).isEqualTo(ToolLayout.SINGLE);
        assertThat(settings.readOnly()).as("~/.memdir/config.yaml is not read when MEMDIR_HOME is set").isFalse();
    }

    @Test
    void configFile_memdirConfigEnv_replacesDefault() throws Exception {
        Path file = write(temp.resolve("box/conf/memdir.yaml"), "tools: single\n");
        write(defaultConfig(), "read-only: true\n");
        env.put("MEMDIR_CONFIG", file.toString());

        Settings settings = resolve();

        assertThat(settings.tools()).isEqualTo(ToolLayout.SINGLE);
        assertThat(settings.readOnly()).isFalse();
    }

    @Test
    void configFile_flag_beatsMemdirConfigEnv() throws Exception {
        Path flagged = write(temp.resolve("box/conf/flag.yaml"), "log-level: debug\n");
        Path fromEnv = write(temp.resolve("box/conf/env.yaml"), "log-level: warn\n");
        env.put("MEMDIR_CONFIG", fromEnv.toString());

        assertThat(resolve(Optional.of(flagged.toString())).logLevel()).isEqualTo("DEBUG");
    }

    @Test
    void configFile_flag_relativeToWorkingDir() throws Exception {
        write(work.resolve("conf/m.yaml"), "log-level: debug\n");

        assertThat(resolve(Optional.of("conf/m.yaml")).logLevel()).isEqualTo("DEBUG");
    }

    @Test
    void configFile_flag_tildeExpanded() throws Exception {
        write(home.resolve("conf/m.yaml"), "log-level: debug\n");

        assertThat(resolve(Optional.of("~/conf/m.yaml")).logLevel()).isEqualTo("DEBUG");
    }

    @Test
    void configFile_allKeys_read() throws Exception {
        write(defaultConfig(), """
                root: ~/notes
                claude-code-memory: false
                tools: single
                read-only: yes
                max-file-bytes: 2048
                max-root-bytes: 1M
                max-files: 300
                log-level: warn
                log-file: logs/m.log
                index-max-lines: 50
                index-max-bytes: 8000
                index-near-ratio: 0.8
                index-target-ratio: 0.5
                session-id: s-1
                project: ~/proj
                claude-config-dir: ~/cc
                managed-dir: /opt/policy
                agents-md: false
                allow-external-imports: true
                search-tool: true
                context-tool: true
                context-budget: 4K
                context-reminder: 90000
                history-keep: 5
                history-max-bytes: 1M
                stale-after: 30d
                """);

        Settings settings = resolve();

        assertThat(settings).isEqualTo(new Settings(home.resolve("notes"), Optional.empty(), Duration.ofSeconds(5), ToolLayout.SINGLE, true, 2048, 1 << 20, 300,
                "WARN",
                Optional.of(work.resolve("logs/m.log")), new IndexBudget(50, 8000, 0.8, 0.5), Optional.of("s-1"),
                Optional.of(home.resolve("proj")), new InstructionLocations(home.resolve("proj"), home,
                        home.resolve("cc"), Path.of("/opt/policy"), false, true), true,
                new HistoryLimits(5, 1 << 20), Duration.ofDays(30), Optional.empty(), HttpSettings.DEFAULT, Optional.empty(),
                new RecallSettings(true, SettingsResolver.defaultRecallThreads(CORES), Duration.ofMillis(1500)),
                new ContextSettings(true, 4096, 90_000)));
    }

    @Test
    void instructionLocations_default_workingDirectoryHomeClaudeAndManaged() throws Exception {
        InstructionLocations locations = resolve().instructions();

        assertThat(locations).isEqualTo(new InstructionLocations(work, home, home.resolve(".claude"),
                InstructionLocations.defaultManagedDirectory(), true, false));
        assertThat(resolve().project()).isEmpty();
    }

    @Test
    void claudeConfigDir_environment_usedForInstructionsAndClaudeCodeMemory() throws Exception {
        env.put("CLAUDE_CONFIG_DIR", temp.resolve("box/cc").toString());
        flags.put("claude-code-memory", "true");

        Settings settings = resolve();

        assertThat(settings.instructions().claudeConfigDirectory()).isEqualTo(temp.resolve("box/cc"));
        assertThat(settings.root()).isEqualTo(temp.resolve("box/cc/projects").resolve(key).resolve("memory"));
    }

    @Test
    void project_flag_keysTheDefaultRoot() throws Exception {
        Path other = Files.createDirectories(temp.resolve("box/other"));
        flags.put("project", other.toString());

        String otherKey = other.toRealPath().toString().replaceAll("[^A-Za-z0-9]", "-");
        assertThat(resolve().root()).isEqualTo(home.resolve(".memdir/projects").resolve(otherKey).resolve("memory"));
        assertThat(resolve().instructions().projectDirectory()).isEqualTo(other);
    }

    @Test
    void indexBudget_targetNotBelowNear_fails() {
        flags.put("index-near-ratio", "0.6");
        flags.put("index-target-ratio", "0.6");

        assertFails("index-target-ratio (0.6) must be below index-near-ratio (0.6)");
    }

    @ParameterizedTest(name = "[{index}] {0}={1}")
    @CsvSource({
        "index-max-lines, 0, a whole number from 1 to 2147483647",
        "index-max-bytes, lots, a whole number from 1 to 2147483647",
        "index-near-ratio, 1.5, a fraction above 0 and at most 1 (e.g. 0.9)",
        "index-target-ratio, -0.1, a fraction above 0 and at most 1 (e.g. 0.9)"})
    void indexBudget_badValue_namesTheFlag(String key, String value, String expected) {
        flags.put(key, value);

        assertFails("--" + key + " must be " + expected + ", not '" + value + "'");
    }

    @Test
    void configFile_nullValue_leavesDefault() throws Exception {
        write(defaultConfig(), "tools:\nlog-level: ~\n");

        Settings settings = resolve();

        assertThat(settings.tools()).isEqualTo(ToolLayout.SPLIT);
        assertThat(settings.logLevel()).isEqualTo("INFO");
    }

    @Test
    void configFile_defaultMissing_isFine() throws Exception {
        assertThat(Files.exists(defaultConfig())).isFalse();

        assertThat(resolve().tools()).isEqualTo(ToolLayout.SPLIT);
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @ValueSource(strings = {"", "\n", "# only a comment\n", "---\n"})
    void configFile_empty_isFine(String yaml) throws Exception {
        write(defaultConfig(), yaml);

        assertThat(resolve()).isEqualTo(new Settings(memdirRoot(home.resolve(".memdir")), Optional.empty(), Duration.ofSeconds(5), ToolLayout.SPLIT,
                false,
                102400, StoreLimits.UNLIMITED, StoreLimits.UNLIMITED, "INFO", Optional.empty(), IndexBudget.DEFAULT, Optional.empty(), Optional.empty(),
                new InstructionLocations(work, home, home.resolve(".claude"),
                        InstructionLocations.defaultManagedDirectory(), true, false), false,
                HistoryLimits.DEFAULT, Duration.ofDays(90), Optional.empty(), HttpSettings.DEFAULT, Optional.empty(),
                new RecallSettings(true, SettingsResolver.defaultRecallThreads(CORES), Duration.ofMillis(1500)),
                new ContextSettings(false, 2048, 140_000)));
    }

    // ---- config file errors ----

    @Test
    void configFile_flag_missing_fails() {
        Path missing = temp.resolve("box/conf/none.yaml");

        assertFails(Optional.of(missing.toString()), "config file " + missing + " does not exist");
    }

    @Test
    void configFile_memdirConfigEnv_missing_fails() {
        Path missing = temp.resolve("box/conf/none.yaml");
        env.put("MEMDIR_CONFIG", missing.toString());

        assertFails("config file " + missing + " does not exist");
    }

    @Test
    void configFile_invalidYaml_fails() throws Exception {
        Path file = write(defaultConfig(), "tools: [unclosed\n");

        assertThatThrownBy(this::resolve).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("config file " + file + " is not valid YAML: ")
                .hasMessageNotContaining("\n");
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @ValueSource(strings = {"- root\n- tools\n", "just text\n", "42\n"})
    void configFile_notAMapping_fails(String yaml) throws Exception {
        Path file = write(defaultConfig(), yaml);

        assertFails("config file " + file + " must be a mapping of settings, like 'root: ~/notes'");
    }

    @Test
    void configFile_unknownKey_failsListingKnownKeys() throws Exception {
        Path file = write(defaultConfig(), "tools: split\ncolour: blue\n");

        assertFails("config file " + file + " has an unknown setting 'colour'; known: " + KNOWN_KEYS);
    }

    @Test
    void configFile_envStyleKey_isUnknown() throws Exception {
        Path file = write(defaultConfig(), "MEMDIR_TOOLS: split\n");

        assertFails("config file " + file + " has an unknown setting 'MEMDIR_TOOLS'; known: " + KNOWN_KEYS);
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @ValueSource(strings = {"tools:\n  layout: split\n", "tools: [split]\n", "tools:\n  - split\n"})
    void configFile_nestedValue_fails(String yaml) throws Exception {
        Path file = write(defaultConfig(), yaml);

        assertFails("'tools' in " + file + " must be a single value");
    }

    // ---- values: what each setting accepts and the exact error naming its source ----

    /** The ways a value reaches the resolver; each error message names its source differently. */
    enum Source {
        FLAG, ENV, FILE
    }

    /** Puts {@code value} for {@code key} into one source and returns how error messages name that source. */
    private String give(Source source, String key, String value) throws IOException {
        switch (source) {
            case FLAG -> flags.put(key, value);
            case ENV -> env.put(envName(key), value);
            case FILE -> write(defaultConfig(), key + ": '" + value.replace("'", "''") + "'\n");
        }
        return switch (source) {
            case FLAG -> "--" + key;
            case ENV -> envName(key);
            case FILE -> "'" + key + "' in " + defaultConfig();
        };
    }

    private static String envName(String key) {
        return Setting.valueOf(key.toUpperCase(Locale.ROOT).replace('-', '_')).envName();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "FLAG | --tools must be split or single, not 'triple'",
        "ENV  | MEMDIR_TOOLS must be split or single, not 'triple'",
        "FILE | 'tools' in CONFIG must be split or single, not 'triple'",
    })
    void tools_invalid_namesSource(Source source, String message) throws Exception {
        give(source, "tools", "triple");

        assertFails(message.replace("CONFIG", defaultConfig().toString()));
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @CsvSource({"split, SPLIT", "single, SINGLE", "SINGLE, SINGLE", "' Split ', SPLIT"})
    void tools_accepted(String value, ToolLayout expected) throws Exception {
        flags.put("tools", value);

        assertThat(resolve().tools()).isEqualTo(expected);
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @CsvSource({"true, true", "false, false", "yes, true", "no, false", "1, true", "0, false", "TRUE, true",
        "No, false", "' yes ', true"})
    void readOnly_accepted(String value, boolean expected) throws Exception {
        flags.put("read-only", value);

        assertThat(resolve().readOnly()).isEqualTo(expected);
    }

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource({"FLAG, read-only", "ENV, read-only", "FILE, read-only", "FLAG, claude-code-memory",
        "ENV, claude-code-memory", "FILE, claude-code-memory"})
    void booleans_invalid_namesSource(Source source, String key) throws Exception {
        String origin = give(source, key, "maybe");

        assertFails(origin + " must be true or false, not 'maybe'");
    }

    @Test
    void booleans_invalid_exactEnvMessage() {
        env.put("MEMDIR_READ_ONLY", "2");

        assertFails("MEMDIR_READ_ONLY must be true or false, not '2'");
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @CsvSource({"102400, 102400", "1, 1", "100K, 102400", "100k, 102400", "100KiB, 102400", "1M, 1048576",
        "1mib, 1048576", "1MiB, 1048576", "'100 K', 102400", "' 2K ', 2048", "8796093022207M, 9223372036853727232"})
    void maxFileBytes_accepted(String value, long expected) throws Exception {
        flags.put("max-file-bytes", value);

        assertThat(resolve().maxFileBytes()).isEqualTo(expected);
    }

    static Stream<Arguments> badSizes() {
        return Stream.of(
                badSizes("a positive number of bytes, optionally with K or M (e.g. 102400 or 100K)",
                        "abc", "-1", "1.5M", "1G"),
                badSizes("a positive number of bytes", "0", "0K"),
                badSizes("a number of bytes that fits in 63 bits",
                        "9223372036854775808", "99999999999999999999999", "9007199254740992K", "8796093022208M"))
                .flatMap(sizes -> sizes);
    }

    /** Each value with what the error says a size must be. */
    private static Stream<Arguments> badSizes(String expected, String... values) {
        return Stream.of(values).map(value -> Arguments.of(value, expected));
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @MethodSource("badSizes")
    void maxFileBytes_invalid_flag(String value, String expected) {
        flags.put("max-file-bytes", value);

        assertFails("--max-file-bytes must be " + expected + ", not '" + value + "'");
    }

    @Test
    void emptyFlag_isAnError_emptyEnvironmentOrFileValue_isUnset() throws Exception {
        flags.put("root", " ");
        assertFails("--root must not be empty");

        flags.clear();
        env.put("MEMDIR_ROOT", "");
        assertThat(resolve().root().getFileName().toString()).isEqualTo("memory");
    }

    @Test
    void configFile_emptyFlag_isAnError_unusablePath_namesItsSource() {
        assertFails(Optional.of(""), "--config must not be empty");

        flags.clear();
        env.put("MEMDIR_CONFIG", "a\0b");
        assertFails("MEMDIR_CONFIG is not a usable path: 'a\0b'");
    }

    @Test
    void names_followFromTheTableRow() {
        assertThat(Setting.MAX_FILE_BYTES.key()).isEqualTo("max-file-bytes");
        assertThat(Setting.MAX_FILE_BYTES.option()).isEqualTo("--max-file-bytes");
        assertThat(Setting.MAX_FILE_BYTES.envName()).isEqualTo("MEMDIR_MAX_FILE_BYTES");
        assertThat(Setting.CONFIG.envName()).isEqualTo("MEMDIR_CONFIG");
        assertThat(Setting.CONFIG.inFile()).as("the file cannot name itself").isFalse();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource({"FLAG", "ENV", "FILE"})
    void maxFileBytes_invalid_namesSource(Source source) throws Exception {
        String origin = give(source, "max-file-bytes", "lots");

        assertFails(origin + " must be a positive number of bytes, optionally with K or M (e.g. 102400 or 100K),"
                + " not 'lots'");
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @CsvSource({"trace, TRACE", "debug, DEBUG", "Info, INFO", "WARN, WARN", "error, ERROR", "off, OFF",
        "' warn ', WARN"})
    void logLevel_caseInsensitive(String value, String expected) throws Exception {
        env.put("MEMDIR_LOG_LEVEL", value);

        assertThat(resolve().logLevel()).isEqualTo(expected);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource({"FLAG", "ENV", "FILE"})
    void logLevel_invalid_namesSource(Source source) throws Exception {
        String origin = give(source, "log-level", "verbose");

        assertFails(origin + " must be one of trace, debug, info, warn, error, off, not 'verbose'");
    }

    // ---- the key file ----

    @Test
    void keyFile_fromTheEnvironment_isTaken_whenOnlyItsOwnerMayReadIt() throws Exception {
        Path key = Files.writeString(temp.resolve("memdir.key"), "{}");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        env.put("MEMDIR_KEY_FILE", key.toString());

        assertThat(resolve().keyFile()).contains(key);
    }

    @Test
    void keyFile_thatOthersMayRead_isRefused() throws Exception {
        Path key = Files.writeString(temp.resolve("memdir.key"), "{}");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r-----"));
        flags.put("key-file", key.toString());

        assertFails("--key-file " + key + ": others may read it; make it readable by its owner alone (chmod 0600)");
    }

    @Test
    void keyFile_thatIsMissing_isRefusedWithTheWayToMakeOne() {
        flags.put("key-file", temp.resolve("nowhere.key").toString());

        assertFails("--key-file " + temp.resolve("nowhere.key") + ": no such file (memdir key create FILE makes one)");
    }

    @Test
    void recallThreads_defaultToHalfTheCores_atLeastTwo_neverMoreThanTheCores() {
        assertThat(List.of(1, 2, 3, 4, 8, 16)).map(SettingsResolver::defaultRecallThreads)
                .containsExactly(1, 2, 2, 2, 4, 8);
    }
}
