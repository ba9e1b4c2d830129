package dev.memdir.cli;

import dev.memdir.config.ConfigException;
import dev.memdir.config.Settings;
import dev.memdir.wiring.StoreChoice;
import dev.memdir.memory.CommandException;
import dev.memdir.memory.DirectoryStore;
import dev.memdir.memory.MemoryStore;
import dev.memdir.memory.StoreCopy;
import dev.memdir.memory.Usage;
import dev.memdir.memory.postgres.DatabaseFigures;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** {@code memdir store copy} and {@code memdir store check}: a memory moved between stores, a store's figures. */
final class StoreCommand {

    static final int FAILED = 1;
    private static final String ACTOR = "memdir-store-copy";

    private StoreCommand() {}

    static int copy(Settings settings, StoreAddress from, StoreAddress to, Optional<String> namespace,
            boolean withHistory, boolean merge, PrintStream out, PrintStream err) throws IOException, ConfigException {
        if (namespace.isEmpty() && (from.url().isPresent() || to.url().isPresent())) {
            err.println("memdir: --namespace names the memory inside a PostgreSQL database; give it");
            return MemdirCommand.USAGE;
        }
        if (from.equals(to)) {
            err.println("memdir: --from and --to are the same store");
            return MemdirCommand.USAGE;
        }
        String actor = settings.sessionId().orElse(ACTOR);
        try (MemoryStore source = from.open(settings, namespace, actor);
                MemoryStore target = to.open(settings, namespace, actor)) {
            Optional<StoreCopy.Copied> copied = StoreCopy.copy(source, target, withHistory, merge);
            if (copied.isEmpty()) {
                err.println("memdir: " + target.location() + " already holds a memory; nothing was copied. Copy into"
                        + " an empty store, or give --merge to add to it");
                return FAILED;
            }
            out.println("Copied " + copied.get().files() + " files (" + copied.get().bytes() + " bytes)"
                    + (withHistory ? " and " + copied.get().versions() + " versions" : "") + " from "
                    + source.location() + " to " + target.location());
            return 0;
        } catch (CommandException e) {
            err.println(e.text());
            return FAILED;
        }
    }

    static int check(Settings settings, Optional<StoreAddress> address, PrintStream out)
            throws IOException, ConfigException {
        if (address.flatMap(StoreAddress::url).isEmpty()) {
            return checkDirectory(settings, address.flatMap(StoreAddress::directory).orElse(settings.root()), out);
        }
        DatabaseFigures figures = DatabaseFigures.read(
                StoreChoice.connection(address.get().database(""), settings.storeTimeout()));
        out.println("PostgreSQL " + address.get().given());
        if (figures.schemaVersion() == 0) {
            out.println("no memdir schema yet (memdir creates version " + figures.understoodVersion()
                    + " when it first opens the database)");
            return 0;
        }
        out.println("memdir schema version " + figures.schemaVersion() + " (this memdir understands "
                + figures.understoodVersion() + ")");
        out.println(String.format("%-40s %9s %12s %14s", "namespace", "files", "bytes", "history bytes"));
        for (DatabaseFigures.Namespace namespace : figures.namespaces()) {
            out.println(String.format("%-40s %9d %12d %14d", namespace.name(), namespace.files(), namespace.bytes(),
                    namespace.historyBytes()));
        }
        return 0;
    }

    private static int checkDirectory(Settings settings, Path root, PrintStream out) throws IOException {
        if (!Files.isDirectory(root)) {
            out.println("Directory " + root + ": no memory there yet");
            return 0;
        }
        try (DirectoryStore store = DirectoryStore.open(root, settings.limits(), settings.history(), ACTOR)) {
            Usage usage = store.usage();
            out.println("Directory " + store.root() + ": " + usage.files() + " files, " + usage.bytes()
                    + " bytes (hidden files included, memdir's own not)");
        }
        return 0;
    }
}
