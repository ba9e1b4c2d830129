package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each command's help shows the options it takes, under headings; an option it does not take is refused by name. */
class HelpTest {

    @TempDir
    Path temp;

    private InProcessRun run(String... args) {
        return InProcessRun.in(temp.resolve("work"), args);
    }

    @Test
    void tokenCreateHelp_isItsOwnOptionsThenTheSettingsItReads() {
        InProcessRun run = run("token", "create", "--help");

        assertThat(run.exit()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).isEqualTo("""
                Usage: memdir token create [OPTIONS]
                Print a new token once, on stdout alone.
                      --expires=LIFETIME   How long the token works, as 90d or 12h. Default:
                                             until revoked.
                  -h, --help               Show this help message and exit.
                      --namespace=NS       The namespace the token may use. Default: user/NAME.
                      --read-only          Make a read-only token: its holder may only view.
                      --user=NAME          Who the token acts for (required).
                  -V, --version            Print version information and exit.

                Memory:
                      --agent=NAME         Serve the own memory of the agent NAME (as Claude
                                             Code gives a subagent); needs --scope. Default:
                                             none. Env: MEMDIR_AGENT.
                      --[no-]claude-code-memory
                                           Use Claude Code's own auto-memory directory of this
                                             project (~/.claude/projects/<project key>/memory),
                                             so both share one memory. Env:
                                             MEMDIR_CLAUDE_CODE_MEMORY.
                      --project=DIR        Project whose instructions are resolved and whose
                                             memory is the default root. Default: the client's
                                             first root, else the working directory. Env:
                                             MEMDIR_PROJECT.
                      --root=DIR           Memory root that /memories maps to (created if
                                             missing). Default: per project: ~/.
                                             memdir/projects/<key>/memory. Env: MEMDIR_ROOT.
                      --scope=user|project|local
                                           With --agent: ~/.claude/agent-memory/NAME (user),
                                             <project>/.claude/agent-memory/NAME (project) or
                                             <project>/.claude/agent-memory-local/NAME (local).
                                             Default: none. Env: MEMDIR_SCOPE.

                Store:
                      --store=URL          Keep the memory in this PostgreSQL database,
                                             postgresql://[user@]host[:port]/dbname[?
                                             param=value...] (the password from PGPASSWORD or
                                             ~/.pgpass, never from the URL), or in this S3
                                             bucket, s3://BUCKET[/PREFIX] (credentials from the
                                             AWS chain). Default: the directory store at the
                                             root. Env: MEMDIR_STORE.
                      --store-timeout=DURATION
                                           How long a call waits for a PostgreSQL database or
                                             an S3 bucket before it answers that the store is
                                             busy or unavailable (5s, 500ms). Default: 5s. Env:
                                             MEMDIR_STORE_TIMEOUT.

                Settings file:
                      --config=FILE        YAML settings file. Flags beat environment variables
                                             beat the file. Default: ~/.memdir/config.yaml.
                                             Env: MEMDIR_CONFIG.
                """);
    }

    @Test
    void memdirHelp_listsEachCommandWithAWholeLine() {
        String help = run("--help").out();

        assertThat(help.substring(help.indexOf("\nCommands:\n"))).isEqualTo("""

                Commands:
                  config        Print this jar's registration for an MCP client.
                  help          Print the help of memdir or of one of its commands.
                  history       List the kept versions of a memory file, or redact one.
                  index         Print MEMORY.md's figures against its budget.
                  instructions  Print the project's instructions as the server serves them.
                  key           Make or rotate the key a memory is encrypted under.
                  prune         Move memory files untouched for long into /memories/archive/.
                  restore       Write an earlier version of a memory file back.
                  serve         Serve MCP over stdio, or over HTTP with --http (the default).
                  store         Copy a memory between stores, or print a store's figures.
                  token         Create, list or revoke the bearer tokens of an HTTP server.
                  ui            Open the memory in a web browser, on this machine only.

                Run with no command to serve MCP on stdin/stdout (the same as 'memdir serve').
                """);
    }

    @Test
    void memdirHelp_groupsTheServerOptionsUnderHeadings() {
        String help = run("--help").out();

        assertThat(help.lines().filter(line -> line.endsWith(":") && !line.startsWith(" ")))
                .containsExactly("Memory:", "Store:", "Tools:", "Files and history:", "Index budget:",
                        "Instructions:", "HTTP:", "OAuth:", "Logging:", "Settings file:", "Commands:");
    }

    @Test
    void historyHelp_showsTheMemoryAndItsFiles_noHttpOAuthOrLogging() {
        InProcessRun run = run("history", "--help");

        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("\nMemory:\n", "\nStore:\n", "\nFiles and history:\n", "--root=DIR",
                        "--history-keep=N")
                .doesNotContain("HTTP:", "OAuth:", "Logging:", "Tools:", "--http", "--tls-cert", "--oauth-issuer",
                        "--log-level", "--read-only");
    }

    /** store copy and check take the S3 options for the buckets they name; --store and its namespace are not theirs. */
    @ParameterizedTest
    @CsvSource({"copy", "check"})
    void storeCommandsHelp_listsTheS3OptionsUnderStore(String command) {
        String help = run("store", command, "--help").out();
        String store = help.substring(help.indexOf("\nStore:\n"), help.indexOf("\n\n", help.indexOf("\nStore:\n") + 1));

        assertThat(store).contains("--s3-endpoint=URL", "--s3-region=REGION", "--store-timeout=DURATION")
                .doesNotContain("--store=URL", "--namespace");
    }

    @Test
    void helpCommand_printsWhatHelpOptionPrints() {
        assertThat(run("help", "token", "create").out()).isEqualTo(run("token", "create", "--help").out())
                .startsWith("Usage: memdir token create [OPTIONS]\n");
        assertThat(run("help", "index").out()).isEqualTo(run("index", "--help").out());
        assertThat(run("help").out()).isEqualTo(run("--help").out());
    }

    @Test
    void helpCommand_ofACommandThatIsNot_namesIt() {
        InProcessRun run = run("help", "token", "frobnicate");

        assertThat(run.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(run.err()).isEqualTo("memdir: 'memdir token' has no command 'frobnicate'\n");
        assertThat(run.out()).isEmpty();
    }

    /** index takes no HTTP option: one given is refused by name before any setting is checked (--tls-cert alone). */
    @Test
    void indexWithHttpOptions_isRefusedNamingTheFirst_notCheckedAsAServer() {
        InProcessRun run = run("index", "--root", temp.resolve("memory").toString(), "--http", "8080", "--tls-cert",
                "/nope");

        assertThat(run.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(run.err()).isEqualTo("memdir: 'memdir index' does not take '--http'\n"
                + "memdir: 'memdir index --help' lists the options it takes\n");
        assertThat(run.out()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", quoteCharacter = '"', value = {
        "index --tls-cert /nope => 'memdir index' does not take '--tls-cert'",
        "instructions --log-level warn => 'memdir instructions' does not take '--log-level'",
        "restore notes.md --read-only => 'memdir restore' does not take '--read-only'",
        "prune --tools single => 'memdir prune' does not take '--tools'",
        "--tls-cert /nope index => 'memdir index' does not take the setting '--tls-cert' given before it",
    })
    void anOptionACommandDoesNotTake_isRefusedByName(String words, String fault) {
        String[] args = words.split(" ");
        String command = args[0].startsWith("-") ? args[2] : args[0];

        run(args).assertRefused(fault, "memdir: 'memdir " + command + " --help' lists the options it takes");
        assertThat(temp.resolve("work")).isEmptyDirectory();
    }

    @Test
    void anOptionHistoryDoesNotTake_isRefusedByName_thenItsUse() {
        run("history", "notes.md", "--oauth-issuer", "https://a.example").assertRefused(
                "'memdir history' does not take '--oauth-issuer'",
                "memdir: use 'memdir history PATH' or 'memdir history redact PATH --version N'");
        assertThat(temp.resolve("work")).isEmptyDirectory();
    }

    @Test
    void tokenOrStoreAlone_isTheLineThatNamesTheirCommands() {
        InProcessRun token = run("token");
        InProcessRun store = run("store");

        assertThat(token.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(token.err()).isEqualTo("memdir: use 'memdir token create --user NAME [--namespace NS] [--read-only]"
                + " [--expires 90d]', 'memdir token list' or 'memdir token revoke ID'\n");
        assertThat(token.out()).isEmpty();
        assertThat(store.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(store.err()).isEqualTo("memdir: use 'memdir store copy --from DIR|URL --to DIR|URL [--namespace N]"
                + " [--with-history] [--merge]' or 'memdir store check [DIR|URL]'\n");
        assertThat(store.out()).isEmpty();
    }
}
