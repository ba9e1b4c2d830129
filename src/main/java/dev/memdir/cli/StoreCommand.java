package dev.memdir.cli;

import dev.memdir.config.ConfigException;
import dev.memdir.config.KeyFileRule;
import dev.memdir.config.S3Url;
import dev.memdir.config.Setting;
import dev.memdir.config.Setting.Group;
import dev.memdir.config.Settings;
import dev.memdir.memory.StoreCopy;
import dev.memdir.memory.postgres.DatabaseFigures;
import dev.memdir.memory.s3.S3Figures;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.Usage;
import dev.memdir.wiring.KeyChoice;
import dev.memdir.wiring.StoreAddresses;
import dev.memdir.wiring.StoreChoice;
import dev.memdir.wiring.StoreFigures;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code memdir store copy} and {@code memdir store check}: a memory moved between stores, a store's figures.
 * Anything else is answered with {@link #usageLine()}.
 */
@Command(name = "store", mixinStandardHelpOptions = true, versionProvider = Version.class,
        commandListHeading = "%nCommands:%n", description = "Copy a memory between stores, or print a store's figures.")
final class StoreCommand implements Callable<Integer>, UsageLine {

    private static final String ACTOR = "memdir-store-copy";

    private final MemdirCommand memdir;

    StoreCommand(MemdirCommand memdir) {
        this.memdir = memdir;
    }

    @Override
    public String usageLine() {
        return "memdir: use 'memdir store copy --from DIR|URL --to DIR|URL [--namespace N] [--with-history]"
                + " [--merge]' or 'memdir store check [DIR|URL]'";
    }

    /** {@code memdir store} alone: which command to choose. */
    @Override
    public Integer call() {
        return UsageLine.refuse(this, memdir.invocation().err());
    }

    @Command(name = "copy", mixinStandardHelpOptions = true, versionProvider = Version.class,
            abbreviateSynopsis = true, description = {"Copy a memory between a directory, a PostgreSQL database and an"
                    + " S3 bucket.", "A target that holds a memory is refused unless --merge."})
    int copy(@Mixin CopySettings options,
            @Option(names = "--from", paramLabel = "DIR|URL", description = "The store to copy from: a directory, a"
                    + " database as postgresql://... or a bucket as s3://BUCKET[/PREFIX] (as --store takes them).")
            String from,
            @Option(names = "--to", paramLabel = "DIR|URL", description = "The store to copy into, as --from.")
            String to,
            @Option(names = "--namespace", paramLabel = "NAME",
                    description = "The memory inside the database or the bucket (needed when --from or --to is one).")
            String namespace,
            @Option(names = "--with-history", description = "Copy the kept versions of every file too.")
            boolean withHistory,
            @Option(names = "--merge", description = "Add to a target that already holds a memory.") boolean merge,
            @Option(names = "--from-key-file", paramLabel = "FILE",
                    description = "The key --from is encrypted under, if it is.") Path fromKey,
            @Option(names = "--to-key-file", paramLabel = "FILE", description = "Encrypt the copy under this key (a"
                    + " new target), or the key an encrypted target is under.") Path toKey) {
        Optional<String> misuse = from == null ? Optional.of("store copy needs --from DIR|URL, the store to copy from")
                : to == null ? Optional.of("store copy needs --to DIR|URL, the store to copy into") : Optional.empty();
        Map<String, String> flags = memdir.settingsWith(options);
        boolean bucketNamed = StoreAddress.namesBucket(from) || StoreAddress.namesBucket(to);
        return run("copy", misuse, flags, bucketNamed, (settings, out, err) -> copy(settings, flags,
                StoreAddress.parse(from, "--from"), StoreAddress.parse(to, "--to"), Optional.ofNullable(namespace),
                new Copying(withHistory, merge, keyFile(fromKey, "--from-key-file"), keyFile(toKey, "--to-key-file")),
                out, err));
    }

    /** Returns the key file given as {@code option}, if it was, resolved and checked as --key-file is. */
    private Optional<Path> keyFile(Path given, String option) throws ConfigException {
        if (given == null) {
            return Optional.empty();
        }
        Path file = memdir.invocation().resolver().workingDirectory().resolve(given);
        KeyFileRule.check(file, option);
        return Optional.of(file);
    }

    @Command(name = "check", mixinStandardHelpOptions = true, versionProvider = Version.class,
            abbreviateSynopsis = true, description = {"Print the figures of a database, a bucket or a directory.",
                    "Of a database: the schema version, and each namespace's file counts and sizes.",
                    "Of a bucket: each namespace's, its newest commit, and whether a recount agrees."})
    int check(@Mixin CheckSettings options, @Parameters(paramLabel = "DIR|URL", arity = "0..1",
            description = "The store to check. Default: the memory root.") String address) {
        Map<String, String> flags = memdir.settingsWith(options);
        return run("check", Optional.empty(), flags, StoreAddress.namesBucket(address), (settings, out, err) ->
                check(settings, flags, address == null ? Optional.empty()
                        : Optional.of(StoreAddress.parse(address, "the store to check")), out));
    }

    /**
     * The settings options of {@code store copy}: how to write the target, how long to wait for a database or a
     * bucket, and where a bucket is.
     */
    @Command
    static final class CopySettings extends SettingOptions {

        CopySettings() {
            super(without(Set.of(Setting.STORE, Setting.NAMESPACE, Setting.KEY_FILE), Group.STORE, Group.FILES,
                    Group.SETTINGS_FILE));
        }
    }

    /** The settings options of {@code store check}: the memory root it checks by default, where a bucket is. */
    @Command
    static final class CheckSettings extends SettingOptions {

        CheckSettings() {
            super(without(Set.of(Setting.STORE, Setting.NAMESPACE), Group.MEMORY, Group.STORE, Group.SETTINGS_FILE));
        }
    }

    /**
     * How {@code store copy} copies: with the kept versions or not, into a memory or not, and the key each side is
     * encrypted under, if it is.
     */
    private record Copying(boolean withHistory, boolean merge, Optional<Path> fromKey, Optional<Path> toKey) {}

    /** What {@code copy} or {@code check} does on the settings it was given. */
    @FunctionalInterface
    private interface Verb {
        ExitCode run(Settings settings, PrintStream out, PrintStream err) throws IOException, ConfigException;
    }

    /** Runs {@code verb}, unless {@code misuse} says what is wrong with the command line: then that, and the usage. */
    private int run(String command, Optional<String> misuse, Map<String, String> flags, boolean bucketNamed,
            Verb verb) {
        Invocation invocation = memdir.invocation();
        PrintStream err = invocation.err();
        if (misuse.isPresent()) {
            err.println("memdir: " + misuse.get());
            err.println(usageLine());
            return ExitCode.USAGE.code();
        }
        Optional<Settings> settings = invocation.settings(flags, bucketNamed);
        if (settings.isEmpty()) {
            return ExitCode.USAGE.code();
        }
        try {
            return verb.run(settings.get(), invocation.stdout(), err).code();
        } catch (ConfigException | IllegalArgumentException e) {
            err.println("memdir: " + e.getMessage());
            return ExitCode.USAGE.code();
        } catch (IOException e) {
            err.println("memdir: store " + command + " failed: " + e.getMessage());
            return ExitCode.FAILED.code();
        }
    }

    private ExitCode copy(Settings settings, Map<String, String> flags, StoreAddress from, StoreAddress to,
            Optional<String> namespace, Copying copying, PrintStream out, PrintStream err)
            throws IOException, ConfigException {
        if (namespace.isEmpty() && (from.directory().isEmpty() || to.directory().isEmpty())) {
            err.println("memdir: --namespace names the memory inside a PostgreSQL database or an S3 bucket; give it");
            return ExitCode.USAGE;
        }
        if (from.equals(to)) {
            err.println("memdir: --from and --to are the same store");
            return ExitCode.USAGE;
        }
        Optional<String> below = from.rootsBelow(memdir.invocation().resolver());
        if (below.isPresent()) {
            err.println("memdir: --from " + from.given() + " holds no memory of its own: the memory is " + below.get()
                    + "; give that as --from");
            return ExitCode.USAGE;
        }
        String actor = settings.sessionId().orElse(ACTOR);
        Invocation invocation = memdir.invocation();
        try (MemoryStore source = from.open(invocation.resolver(), settings, flags, namespace, actor, true,
                copying.fromKey());
                MemoryStore target = to.open(invocation.resolver(), settings, flags, namespace, actor, false,
                        copying.toKey())) {
            Optional<StoreCopy.Copied> copied = StoreCopy.copy(source, target, copying.withHistory(),
                    copying.merge());
            if (copied.isEmpty()) {
                err.println("memdir: " + target.location() + " already holds a memory; nothing was copied. Copy into"
                        + " an empty store, or give --merge to add to it");
                return ExitCode.FAILED;
            }
            out.println("Copied " + Counted.of(copied.get().files(), "file") + " ("
                    + Counted.of(copied.get().bytes(), "byte") + ")"
                    + (copying.withHistory() ? " and " + Counted.of(copied.get().versions(), "version") : "") + " from "
                    + source.location() + " to " + target.location());
            return ExitCode.OK;
        } catch (CommandException e) {
            err.println(e.text());
            return ExitCode.FAILED;
        }
    }

    private ExitCode check(Settings settings, Map<String, String> flags, Optional<StoreAddress> address,
            PrintStream out) throws IOException, ConfigException {
        if (address.isEmpty()) {
            return checkDirectory(settings, settings.root(), settings.root(), out);
        }
        if (address.get().directory().isPresent()) {
            return checkDirectory(settings, address.get().directory().orElseThrow(),
                    address.get().directoryIn(memdir.invocation().resolver()).orElseThrow(), out);
        }
        if (address.get().bucket().isPresent()) {
            // The namespace is not the check's: it reads every one.
            return checkBucket(StoreFigures.figures(address.get().bucket(memdir.invocation().resolver(), "", flags),
                    settings.storeTimeout(), KeyChoice.keys(settings)), address.get().bucket().get(), out);
        }
        DatabaseFigures figures = DatabaseFigures.read(StoreAddresses.connection(
                address.get().database(memdir.invocation().resolver(), ""), settings.storeTimeout()));
        out.println("PostgreSQL " + address.get().given());
        if (figures.schemaVersion() == 0) {
            out.println("no memdir schema yet (memdir creates version " + figures.understoodVersion()
                    + " when it first opens the database)");
            return ExitCode.OK;
        }
        out.println("memdir schema version " + figures.schemaVersion() + " (this memdir understands "
                + figures.understoodVersion() + ")");
        out.println(row("namespace", "files", "bytes", "history bytes"));
        for (DatabaseFigures.Namespace namespace : figures.namespaces()) {
            out.println(row(namespace.name(), namespace.files(), namespace.bytes(), namespace.historyBytes()));
        }
        return ExitCode.OK;
    }

    /**
     * The figures of the bucket {@code url}: each namespace's, with its newest commit, and a line under each whose
     * head counts other than a recount of its files ({@link ExitCode#FAILED}).
     */
    static ExitCode checkBucket(List<S3Figures.Namespace> namespaces, S3Url url, PrintStream out) {
        out.println("S3 " + url);
        if (namespaces.isEmpty()) {
            out.println("no memory yet (memdir makes a namespace's when it first changes it)");
            return ExitCode.OK;
        }
        out.println(row("namespace", "files", "bytes", "history bytes") + String.format(" %12s", "commit"));
        ExitCode exit = ExitCode.OK;
        for (S3Figures.Namespace namespace : namespaces) {
            out.println(row(namespace.name(), namespace.usage().files(), namespace.usage().bytes(),
                    namespace.historyBytes()) + String.format(" %12d", namespace.generation()));
            Usage recount = namespace.recount();
            if (!recount.equals(namespace.usage()) || namespace.historyRecount() != namespace.historyBytes()) {
                out.println("  counters differ from a recount of the files: " + Counted.of(recount.files(), "file")
                        + ", " + Counted.of(recount.bytes(), "byte") + ", "
                        + Counted.of(namespace.historyRecount(), "history byte"));
                exit = ExitCode.FAILED;
            }
        }
        return exit;
    }

    /** One line of the namespaces' table, in its columns. */
    private static String row(Object namespace, Object files, Object bytes, Object historyBytes) {
        return String.format("%-40s %9s %12s %14s", namespace, files, bytes, historyBytes);
    }

    /** The figures of the directory store at {@code root}, named as {@code given}. */
    private static ExitCode checkDirectory(Settings settings, Path given, Path root, PrintStream out)
            throws IOException {
        if (!Files.isDirectory(root)) {
            out.println("Directory " + given + ": no memory there yet");
            return ExitCode.OK;
        }
        try (MemoryStore store = StoreChoice.openDirectory(root, settings, ACTOR, KeyChoice.keys(settings))) {
            Usage usage = store.usage();
            out.println("Directory " + store.location() + ": " + Counted.of(usage.files(), "file") + ", "
                    + Counted.of(usage.bytes(), "byte") + " (hidden files included, memdir's own not)");
        }
        return ExitCode.OK;
    }
}
