package dev.memdir.cli;

import dev.memdir.config.NamespaceMemory;
import dev.memdir.config.Setting.Group;
import dev.memdir.config.Settings;
import dev.memdir.http.NamespaceDirectories;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.wiring.KeyChoice;
import dev.memdir.wiring.StoreChoice;
import dev.memdir.wiring.StoreFigures;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code memdir key create|rotate}: the key file a memory is encrypted under ({@code --key-file}), and its rotation,
 * which wraps each namespace's data key again under a new key and, with {@code --reencrypt}, seals every content
 * again under a new data key.
 */
@Command(name = "key", mixinStandardHelpOptions = true, versionProvider = Version.class,
        commandListHeading = "%nCommands:%n", description = {"Make or rotate the key a memory is encrypted under.",
                "Keep a copy of the key file apart from the memory: without it the memory cannot be read."})
final class KeyCommand implements Callable<Integer>, UsageLine {

    private static final String ACTOR = "memdir-key-rotate";

    private final MemdirCommand memdir;

    KeyCommand(MemdirCommand memdir) {
        this.memdir = memdir;
    }

    @Override
    public String usageLine() {
        return "memdir: use 'memdir key create FILE' or 'memdir key rotate --key-file FILE [--reencrypt]"
                + " [--every-namespace]'";
    }

    /** {@code memdir key} alone: which command to choose. */
    @Override
    public Integer call() {
        return UsageLine.refuse(this, memdir.invocation().err());
    }

    @Command(name = "create", mixinStandardHelpOptions = true, versionProvider = Version.class,
            abbreviateSynopsis = true, description = "Write a new key file, readable by its owner alone.")
    int create(@Parameters(paramLabel = "FILE", arity = "0..1", description = "Where to write it; an existing file"
            + " is never replaced.") Path file) {
        PrintStream err = memdir.invocation().err();
        if (file == null) {
            err.println("memdir: key create needs FILE, where to write the new key");
            err.println(usageLine());
            return ExitCode.USAGE.code();
        }
        Path absolute = memdir.invocation().resolver().workingDirectory().resolve(file);
        try {
            KeyChoice.createKeyFile(absolute);
        } catch (FileAlreadyExistsException e) {
            err.println("memdir: " + absolute + " exists; it is not replaced (a key file lost is a memory lost)");
            return ExitCode.FAILED.code();
        } catch (IOException e) {
            err.println("memdir: cannot write " + absolute + ": " + e.getMessage());
            return ExitCode.FAILED.code();
        }
        memdir.invocation().stdout().println("Wrote a new key to " + absolute + ", readable by you alone. Keep a"
                + " copy apart from the memory: without it an encrypted memory cannot be read.");
        return ExitCode.OK.code();
    }

    @Command(name = "rotate", mixinStandardHelpOptions = true, versionProvider = Version.class,
            abbreviateSynopsis = true, description = {"Add a new key to the key file and wrap the memory's data key"
                    + " under it.", "The older keys stay in the file, so nothing sealed under them is lost."})
    int rotate(@Mixin Where where,
            @Option(names = "--reencrypt", description = "Also seal every file and kept version again, under a new"
                    + " data key.") boolean reencrypt,
            @Option(names = "--every-namespace", description = "Every namespace of the database or the bucket, or"
                    + " every one served over HTTP from the root, not only the one the options choose.")
            boolean everyNamespace) {
        Invocation invocation = memdir.invocation();
        PrintStream err = invocation.err();
        PrintStream out = invocation.stdout();
        Optional<Settings> settings = invocation.settings(memdir.settingsWith(where));
        if (settings.isEmpty()) {
            return ExitCode.USAGE.code();
        }
        if (settings.get().keyFile().isEmpty()) {
            err.println("memdir: key rotate needs --key-file FILE (or MEMDIR_KEY_FILE), the key file to rotate");
            return ExitCode.USAGE.code();
        }
        Path file = settings.get().keyFile().get();
        List<Memory> memories;
        try {
            memories = memories(settings.get(), everyNamespace);
            int keys = KeyChoice.rotateKeyFile(file);
            out.println("Added a new key to " + file + " (" + Counted.of(keys, "key") + " in it now).");
        } catch (IOException e) {
            err.println("memdir: key rotate failed: " + e.getMessage() + "; nothing was changed");
            return ExitCode.FAILED.code();
        }
        ExitCode exit = ExitCode.OK;
        for (Memory memory : memories) {
            try (MemoryStore store = memory.opening().open(settings.get())) {
                long resealed = store.rotateKeys(reencrypt);
                out.println(reencrypt ? "Sealed " + memory.name() + " again under a new data key ("
                        + Counted.of(resealed, "content") + "); restart every memdir that serves it." : "Wrapped the"
                        + " data key of " + memory.name() + " under the new key.");
            } catch (IOException e) {
                err.println("memdir: " + memory.name() + ": " + e.getMessage() + " (its data key stays wrapped under"
                        + " the older key, which still opens it)");
                exit = ExitCode.FAILED;
            }
        }
        return exit.code();
    }

    /** Opens one memory whose data key is rotated. */
    @FunctionalInterface
    private interface Opening {
        MemoryStore open(Settings settings) throws IOException;
    }

    /** One memory whose data key is rotated, named as the messages name it. */
    private record Memory(String name, Opening opening) {}

    /** Returns the memories to rotate: the one the settings choose, or every namespace beside it. */
    private static List<Memory> memories(Settings settings, boolean everyNamespace) throws IOException {
        List<Memory> memories = new ArrayList<>();
        if (settings.store().isPresent()) {
            NamespaceMemory chosen = settings.store().get();
            for (String name : everyNamespace ? StoreFigures.namespaces(chosen, settings)
                    : List.of(chosen.namespace())) {
                NamespaceMemory memory = chosen.inNamespace(name);
                memories.add(new Memory(memory.toString(),
                        given -> StoreChoice.open(memory, given, ACTOR, false, KeyChoice.keys(given))));
            }
            return memories;
        }
        List<Path> roots = new ArrayList<>(List.of(settings.root()));
        if (everyNamespace) {
            roots.addAll(NamespaceDirectories.every(settings.root()));
        }
        for (Path root : roots) {
            memories.add(new Memory(root.toString(), given -> StoreChoice.openDirectory(root, given, ACTOR,
                    KeyChoice.keys(given))));
        }
        return memories;
    }

    /** The settings options of {@code key rotate}: those that choose the memory, and the key file. */
    @Command
    static final class Where extends SettingOptions {

        Where() {
            super(of(Group.MEMORY, Group.STORE, Group.SETTINGS_FILE));
        }
    }
}
