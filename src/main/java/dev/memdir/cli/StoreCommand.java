package dev.memdir.cli;

import dev.memdir.config.ConfigException;
import dev.memdir.config.Setting;
import dev.memdir.config.Settings;
import dev.memdir.memory.StoreCopy;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.postgres.DatabaseFigures;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.Usage;
import dev.memdir.wiring.StoreChoice;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

/**
 * {@code memdir store copy} and {@code memdir store check}: a memory moved between stores, a store's figures. The
 * options of both are taken after either, and anything else is answered with {@link #usageLine()}.
 */
@Command(name = "store", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"'store copy --from DIR|URL --to DIR|URL': copy a memory between a directory and a"
                + " PostgreSQL database (postgresql://..., as --store takes it), refusing a target that"
                + " holds a memory unless --merge;", "'store check [DIR|URL]': the schema version, namespaces,"
                + " file counts and sizes of a database, or the figures of a directory (default: the root)."})
final class StoreCommand implements UsageLine {

    private static final String ACTOR = "memdir-store-copy";

    // --namespace (a setting of its own) names the memory on the database side of a copy, with no --store.
    @Mixin
    SettingOptions.Inherited options;

    @Option(names = "--from", paramLabel = "DIR|URL", description = "copy: the store to copy from.",
            scope = ScopeType.INHERIT)
    String from;

    @Option(names = "--to", paramLabel = "DIR|URL", description = "copy: the store to copy into.",
            scope = ScopeType.INHERIT)
    String to;

    @Option(names = "--with-history", description = "copy: the kept versions of every file too.",
            scope = ScopeType.INHERIT)
    boolean withHistory;

    @Option(names = "--merge", description = "copy: add to a target that already holds a memory.",
            scope = ScopeType.INHERIT)
    boolean merge;

    private final MemdirCommand memdir;

    StoreCommand(MemdirCommand memdir) {
        this.memdir = memdir;
    }

    @Override
    public String usageLine() {
        return "memdir: use 'memdir store copy --from DIR|URL --to DIR|URL [--namespace N] [--with-history]"
                + " [--merge]' or 'memdir store check [DIR|URL]'";
    }

    @Command(name = "copy", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Copy a memory between a directory and a PostgreSQL database (postgresql://..., as --store"
                    + " takes it), refusing a target that holds a memory unless --merge.")
    int copy() {
        Map<String, String> flags = memdir.settingsWith(options);
        Optional<String> namespace = Optional.ofNullable(flags.remove(Setting.NAMESPACE.key()));
        Optional<String> misuse = from == null ? Optional.of("store copy needs --from DIR|URL, the store to copy from")
                : to == null ? Optional.of("store copy needs --to DIR|URL, the store to copy into") : Optional.empty();
        return run("copy", misuse, flags, (settings, out, err) -> copy(settings,
                StoreAddress.parse(from, "--from"), StoreAddress.parse(to, "--to"), namespace, out, err));
    }

    @Command(name = "check", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Print the schema version, namespaces, file counts and sizes of a database, or the"
                    + " figures of a directory (default: the root).")
    int check(@Parameters(paramLabel = "DIR|URL", arity = "0..1", description = "The store to check.")
            String address) {
        Map<String, String> flags = memdir.settingsWith(options);
        String namespace = flags.remove(Setting.NAMESPACE.key());
        Optional<String> copying = from != null ? Optional.of("--from") : to != null ? Optional.of("--to")
                : namespace != null ? Optional.of("--namespace") : withHistory ? Optional.of("--with-history")
                : merge ? Optional.of("--merge") : Optional.empty();
        Optional<String> misuse = copying.map(option -> option + " goes with 'store copy' only");
        return run("check", misuse, flags, (settings, out, err) -> check(settings,
                address == null ? Optional.empty() : Optional.of(StoreAddress.parse(address, "the store to check")),
                out));
    }

    /** What {@code copy} or {@code check} does on the settings it was given. */
    @FunctionalInterface
    private interface Verb {
        ExitCode run(Settings settings, PrintStream out, PrintStream err) throws IOException, ConfigException;
    }

    /** Runs {@code verb}, unless {@code misuse} says what is wrong with the command line: then that, and the usage. */
    private int run(String command, Optional<String> misuse, Map<String, String> flags, Verb verb) {
        Invocation invocation = memdir.invocation();
        PrintStream err = invocation.err();
        if (misuse.isPresent()) {
            err.println("memdir: " + misuse.get());
            err.println(usageLine());
            return ExitCode.USAGE.code();
        }
        Optional<Settings> settings = invocation.settings(flags);
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

    private ExitCode copy(Settings settings, StoreAddress from, StoreAddress to, Optional<String> namespace,
            PrintStream out, PrintStream err) throws IOException, ConfigException {
        if (namespace.isEmpty() && (from.url().isPresent() || to.url().isPresent())) {
            err.println("memdir: --namespace names the memory inside a PostgreSQL database; give it");
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
        try (MemoryStore source = from.open(invocation.resolver(), settings, namespace, actor);
                MemoryStore target = to.open(invocation.resolver(), settings, namespace, actor)) {
            Optional<StoreCopy.Copied> copied = StoreCopy.copy(source, target, withHistory, merge);
            if (copied.isEmpty()) {
                err.println("memdir: " + target.location() + " already holds a memory; nothing was copied. Copy into"
                        + " an empty store, or give --merge to add to it");
                return ExitCode.FAILED;
            }
            out.println("Copied " + Counted.of(copied.get().files(), "file") + " ("
                    + Counted.of(copied.get().bytes(), "byte") + ")"
                    + (withHistory ? " and " + Counted.of(copied.get().versions(), "version") : "") + " from "
                    + source.location() + " to " + target.location());
            return ExitCode.OK;
        } catch (CommandException e) {
            err.println(e.text());
            return ExitCode.FAILED;
        }
    }

    private ExitCode check(Settings settings, Optional<StoreAddress> address, PrintStream out)
            throws IOException, ConfigException {
        if (address.isEmpty()) {
            return checkDirectory(settings, settings.root(), settings.root(), out);
        }
        if (address.get().url().isEmpty()) {
            return checkDirectory(settings, address.get().directory().orElseThrow(),
                    address.get().directoryIn(memdir.invocation().resolver()).orElseThrow(), out);
        }
        DatabaseFigures figures = DatabaseFigures.read(StoreChoice.connection(
                address.get().database(memdir.invocation().resolver(), ""), settings.storeTimeout()));
        out.println("PostgreSQL " + address.get().given());
        if (figures.schemaVersion() == 0) {
            out.println("no memdir schema yet (memdir creates version " + figures.understoodVersion()
                    + " when it first opens the database)");
            return ExitCode.OK;
        }
        out.println("memdir schema version " + figures.schemaVersion() + " (this memdir understands "
                + figures.understoodVersion() + ")");
        out.println(String.format("%-40s %9s %12s %14s", "namespace", "files", "bytes", "history bytes"));
        for (DatabaseFigures.Namespace namespace : figures.namespaces()) {
            out.println(String.format("%-40s %9d %12d %14d", namespace.name(), namespace.files(), namespace.bytes(),
                    namespace.historyBytes()));
        }
        return ExitCode.OK;
    }

    /** The figures of the directory store at {@code root}, named as {@code given}. */
    private static ExitCode checkDirectory(Settings settings, Path given, Path root, PrintStream out)
            throws IOException {
        if (!Files.isDirectory(root)) {
            out.println("Directory " + given + ": no memory there yet");
            return ExitCode.OK;
        }
        try (DirectoryStore store = DirectoryStore.open(root, settings.limits(), settings.history(), ACTOR)) {
            Usage usage = store.usage();
            out.println("Directory " + store.root() + ": " + Counted.of(usage.files(), "file") + ", "
                    + Counted.of(usage.bytes(), "byte") + " (hidden files included, memdir's own not)");
        }
        return ExitCode.OK;
    }
}
