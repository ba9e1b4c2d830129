package dev.memdir.cli;

import dev.memdir.auth.IssuedToken;
import dev.memdir.auth.PrincipalNames;
import dev.memdir.auth.StoredToken;
import dev.memdir.auth.TokenSecrets;
import dev.memdir.auth.TokenStore;
import dev.memdir.config.ConfigException;
import dev.memdir.config.Setting;
import dev.memdir.config.Setting.Group;
import dev.memdir.config.Settings;
import dev.memdir.wiring.StoreUnavailableException;
import dev.memdir.wiring.TokenChoice;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code memdir token create|list|revoke}: the bearer tokens of {@code memdir serve --http}, kept with the memory
 * they guard. A new token is printed once, on stdout alone; nothing prints a kept token's hash.
 */
@Command(name = "token", mixinStandardHelpOptions = true, versionProvider = Version.class,
        commandListHeading = "%nCommands:%n", description = {"Create, list or revoke the bearer tokens of an HTTP server.",
                "memdir keeps them with the memory they guard (with --store in its database, else in the root), as"
                        + " their SHA-256 only."})
final class TokenCommand implements Callable<Integer>, UsageLine {

    private static final Pattern LIFETIME = Pattern.compile("(\\d{1,6})([dh]?)");
    private static final long MOST_DAYS = 3650;
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm'Z'").withZone(ZoneOffset.UTC);
    private static final String NONE = "-";

    private final MemdirCommand memdir;

    TokenCommand(MemdirCommand memdir) {
        this.memdir = memdir;
    }

    @Override
    public String usageLine() {
        return "memdir: use 'memdir token create --user NAME [--namespace NS] [--read-only] [--expires 90d]',"
                + " 'memdir token list' or 'memdir token revoke ID'";
    }

    @Override
    public String takenElsewhere(String option, String command) {
        return option + " describes a new token: only '" + command + "' takes it";
    }

    /** {@code memdir token} alone: which command to choose. */
    @Override
    public Integer call() {
        return UsageLine.refuse(this, memdir.invocation().err());
    }

    @Command(name = "create", mixinStandardHelpOptions = true, versionProvider = Version.class,
            abbreviateSynopsis = true, description = "Print a new token once, on stdout alone.")
    int create(@Mixin Where where,
            @Option(names = "--user", paramLabel = "NAME", description = "Who the token acts for (required).")
            String user,
            @Option(names = "--namespace", paramLabel = "NS",
                    description = "The namespace the token may use. Default: user/NAME.") String namespace,
            @Option(names = "--read-only", description = "Make a read-only token: its holder may only view.")
            boolean readOnly,
            @Option(names = "--expires", paramLabel = "LIFETIME",
                    description = "How long the token works, as 90d or 12h. Default: until revoked.")
            String expires) {
        Request request;
        try {
            request = request(user, Optional.ofNullable(namespace), readOnly, Optional.ofNullable(expires));
        } catch (ConfigException e) {
            memdir.invocation().err().println("memdir: " + e.getMessage());
            return ExitCode.USAGE.code();
        }
        return withStore("create", where, Optional.empty(), (store, out, err) -> create(store, request, out, err));
    }

    @Command(name = "list", mixinStandardHelpOptions = true, versionProvider = Version.class,
            abbreviateSynopsis = true, description = "Show the tokens, without their secrets.")
    int list(@Mixin Where where) {
        return withStore("list", where, Optional.empty(), (store, out, err) -> list(store, out));
    }

    @Command(name = "revoke", mixinStandardHelpOptions = true, versionProvider = Version.class,
            abbreviateSynopsis = true, description = "Stop a token.")
    int revoke(@Mixin Where where, @Parameters(paramLabel = "ID", arity = "0..1",
            description = "The token's id, as 'token list' shows it.") String id) {
        Optional<String> misuse = id == null
                ? Optional.of("token revoke needs ID, the token's id as 'memdir token list' shows it")
                : Optional.empty();
        return withStore("revoke", where, misuse, (store, out, err) -> revoke(store, id, out, err));
    }

    /**
     * The settings options of every token command: those that choose the memory the tokens are kept with. Not
     * --namespace: the tokens of a database guard all its namespaces, and a new token's own is create's option. Nor
     * the S3 store's: tokens are not kept in object storage. Nor the key file: tokens are kept as hashes, not sealed.
     */
    @Command
    static final class Where extends SettingOptions {

        Where() {
            super(without(Set.of(Setting.NAMESPACE, Setting.S3_ENDPOINT, Setting.S3_REGION, Setting.KEY_FILE),
                    Group.MEMORY, Group.STORE, Group.SETTINGS_FILE));
        }
    }

    /** What a command does with the token store. */
    @FunctionalInterface
    private interface TokenWork {
        ExitCode run(TokenStore store, PrintStream out, PrintStream err) throws IOException;
    }

    /**
     * Runs {@code work} on the tokens kept with the memory the settings choose, unless {@code misuse} says what is
     * wrong with the command line: then that, and the usage line.
     */
    private int withStore(String command, Where where, Optional<String> misuse, TokenWork work) {
        Invocation invocation = memdir.invocation();
        PrintStream err = invocation.err();
        if (misuse.isPresent()) {
            err.println("memdir: " + misuse.get());
            err.println(usageLine());
            return ExitCode.USAGE.code();
        }
        Optional<Settings> settings = invocation.settings(memdir.settingsWith(where));
        if (settings.isEmpty()) {
            return ExitCode.USAGE.code();
        }
        try (TokenStore store = TokenChoice.open(settings.get())) {
            return work.run(store, invocation.stdout(), err).code();
        } catch (StoreUnavailableException e) {
            err.println("memdir: " + e.getMessage());
            return ExitCode.FAILED.code();
        } catch (IOException e) {
            err.println("memdir: token " + command + " failed: " + e.getMessage());
            return ExitCode.FAILED.code();
        }
    }

    /** What {@code token create} was asked for, checked before any store is opened. */
    record Request(String user, String namespace, boolean readOnly, Optional<Duration> lifetime) {}

    /** Checks {@code create}'s options; {@code namespace} absent means the user's own. */
    static Request request(String user, Optional<String> namespace, boolean readOnly, Optional<String> expires)
            throws ConfigException {
        if (user == null) {
            throw new ConfigException("token create needs --user NAME: who the token acts for");
        }
        if (!PrincipalNames.isUser(user)) {
            throw new ConfigException("--user must be " + PrincipalNames.USER_RULE + ", not '" + user + "'");
        }
        String chosen = namespace.orElse(PrincipalNames.ownNamespace(user));
        if (!PrincipalNames.isNamespace(chosen)) {
            throw new ConfigException("--namespace must be " + PrincipalNames.NAMESPACE_RULE + ", not '" + chosen
                    + "'");
        }
        return new Request(user, chosen, readOnly, expires.isEmpty() ? Optional.empty()
                : Optional.of(lifetime(expires.get())));
    }

    /** Parses {@code --expires}: days ({@code 90d} or {@code 90}) or hours ({@code 12h}), up to ten years. */
    static Duration lifetime(String text) throws ConfigException {
        Matcher matcher = LIFETIME.matcher(text.trim());
        if (matcher.matches()) {
            long count = Long.parseLong(matcher.group(1));
            Duration lifetime = matcher.group(2).equals("h") ? Duration.ofHours(count) : Duration.ofDays(count);
            if (count > 0 && lifetime.compareTo(Duration.ofDays(MOST_DAYS)) <= 0) {
                return lifetime;
            }
        }
        throw new ConfigException("--expires takes a lifetime of 1h to " + MOST_DAYS + "d, as 90d or 12h, not '"
                + text + "'");
    }

    private static ExitCode create(TokenStore store, Request request, PrintStream out, PrintStream err)
            throws IOException {
        IssuedToken issued = IssuedToken.issue(store, request.user(), request.namespace(), request.readOnly(),
                request.lifetime(), Instant.now());
        out.println(issued.token());
        StoredToken stored = issued.stored();
        err.println("Token " + stored.id() + " acts for " + stored.user() + " on namespace " + stored.namespace()
                + ", " + (stored.readOnly() ? "read-only" : "read-write") + ", "
                + stored.expires().map(time -> "expires " + TIME.format(time)).orElse("does not expire")
                + "; kept in " + store.location() + ".");
        err.println("This is the only time the token is shown: memdir keeps only its SHA-256. Store it now.");
        return ExitCode.OK;
    }

    private static ExitCode list(TokenStore store, PrintStream out) throws IOException {
        List<StoredToken> tokens = store.list();
        if (tokens.isEmpty()) {
            out.println("No tokens in " + store.location());
            return ExitCode.OK;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"id", "user", "namespace", "read-only", "created", "expires", "revoked"});
        Instant now = Instant.now();
        for (StoredToken token : tokens) {
            rows.add(new String[] {token.id(), token.user(), token.namespace(), token.readOnly() ? "yes" : "no",
                    TIME.format(token.created()),
                    token.expires().map(time -> TIME.format(time) + (time.isAfter(now) ? "" : " (expired)"))
                            .orElse(NONE),
                    token.revoked().map(TIME::format).orElse(NONE)});
        }
        printTable(rows, out);
        return ExitCode.OK;
    }

    /** Revokes one token; an id no token has is a usage error and changes nothing. */
    private static ExitCode revoke(TokenStore store, String id, PrintStream out, PrintStream err)
            throws IOException {
        // Microseconds, as PostgreSQL keeps them: the revocation time read back tells whether this run made it.
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        Optional<StoredToken> revoked = TokenSecrets.isId(id) ? store.revoke(id, now) : Optional.empty();
        if (revoked.isEmpty()) {
            err.println("memdir: no token has the id '" + id + "' in " + store.location()
                    + "; 'memdir token list' shows them");
            return ExitCode.USAGE;
        }
        StoredToken token = revoked.get();
        Instant when = token.revoked().orElseThrow();
        out.println((when.equals(now) ? "Revoked token " + token.id()
                : "Token " + token.id() + " was revoked already, at " + TIME.format(when))
                + " (" + token.user() + " on namespace " + token.namespace() + ")");
        return ExitCode.OK;
    }

    private static void printTable(List<String[]> rows, PrintStream out) {
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(i == row.length - 1 ? row[i] : String.format("%-" + widths[i] + "s  ", row[i]));
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
