package dev.memdir.cli;

import dev.memdir.config.Setting.Group;
import dev.memdir.config.Settings;
import dev.memdir.index.LoadedIndex;
import dev.memdir.index.Verdict;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.wiring.StoreChoice;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Command;

/**
 * {@code memdir index}: MEMORY.md's figures against its budget, without opening or changing the store (an encrypted
 * root's MEMORY.md is read through a store opened to read it, with its key).
 */
@Command(name = "index", mixinStandardHelpOptions = true, versionProvider = Version.class, abbreviateSynopsis = true,
        description = {"Print MEMORY.md's figures against its budget.", "Exits 1 when it is over."})
final class IndexCommand extends SettingsCommand {

    IndexCommand(MemdirCommand memdir) {
        // --store only to be told that index reads a directory store.
        super(memdir, SettingOptions.of(Group.MEMORY, Group.STORE, Group.INDEX, Group.SETTINGS_FILE));
    }

    @Override
    ExitCode run(Settings settings, Invocation invocation) {
        if (settings.store().isPresent()) {
            invocation.err().println("memdir: index reads a directory store only, for now; with --store, read the"
                    + " figures in memdir://memory/status");
            return ExitCode.USAGE;
        }
        Path index = settings.root().resolve("MEMORY.md");
        try {
            Optional<byte[]> content = DirectoryStore.sealed(settings.root()) ? throughStore(settings)
                    : Files.isRegularFile(index, LinkOption.NOFOLLOW_LINKS) ? Optional.of(Files.readAllBytes(index))
                    : Optional.empty();
            return print(settings, index, content, invocation.stdout());
        } catch (IOException e) {
            invocation.err().println("memdir: cannot read " + index + ": " + e.getMessage());
            return ExitCode.FAILED;
        }
    }

    /** Reads MEMORY.md of an encrypted root, whose file on the disk holds no text, through a store opened to read. */
    private static Optional<byte[]> throughStore(Settings settings) throws IOException {
        try (MemoryStore store = StoreChoice.openToRead(settings, "memdir-index")) {
            return store.read(files -> files.entry(MemoryTool.INDEX).isFile()
                    ? Optional.of(files.read(MemoryTool.INDEX)) : Optional.empty());
        } catch (CommandException e) {
            throw new IOException(e.text(), e);
        }
    }

    private static ExitCode print(Settings settings, Path index, Optional<byte[]> content, PrintStream out) {
        boolean exists = content.isPresent();
        String raw = content.map(bytes -> new String(bytes, StandardCharsets.UTF_8)).orElse("");
        LoadedIndex loaded = LoadedIndex.load(raw, settings.indexBudget());
        Verdict verdict = loaded.measure().verdict();
        out.println("index:   " + index + (exists ? "" : " (does not exist)"));
        out.println("figures: " + loaded.measure().figures());
        out.println("loaded:  " + loaded.loadedLines() + " lines, " + loaded.loadedBytes() + " bytes"
                + (loaded.cut() ? " (the rest is cut from every load)" : ""));
        out.println("verdict: " + verdict.name().toLowerCase(Locale.ROOT));
        out.flush();
        return verdict == Verdict.OVER ? ExitCode.OVER_BUDGET : ExitCode.OK;
    }
}
