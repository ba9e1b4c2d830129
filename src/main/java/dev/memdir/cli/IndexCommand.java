package dev.memdir.cli;

import dev.memdir.config.Setting.Group;
import dev.memdir.config.Settings;
import dev.memdir.index.LoadedIndex;
import dev.memdir.index.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;

/** {@code memdir index}: MEMORY.md's figures against its budget, without opening or changing the store. */
@Command(name = "index", mixinStandardHelpOptions = true, versionProvider = Version.class, abbreviateSynopsis = true,
        description = {"Print MEMORY.md's figures against its budget.", "Exits 1 when it is over."})
final class IndexCommand extends SettingsCommand {

    IndexCommand(MemdirCommand memdir) {
        // --store only to be told that index reads a directory store.
        super(memdir, SettingOptions.of(Group.MEMORY, Group.STORE, Group.INDEX, Group.SETTINGS_FILE));
    }

    @Override
    ExitCode run(Settings settings, Invocation invocation) {
        if (settings.store().isPresent() || settings.keyFile().isPresent()) {
            invocation.err().println("memdir: index reads a plain directory store only, for now; with "
                    + (settings.store().isPresent() ? "--store" : "--key-file") + ", read the figures in"
                    + " memdir://memory/status");
            return ExitCode.USAGE;
        }
        Path index = settings.root().resolve("MEMORY.md");
        try {
            return print(settings, index, invocation.stdout());
        } catch (IOException e) {
            invocation.err().println("memdir: cannot read " + index + ": " + e.getMessage());
            return ExitCode.FAILED;
        }
    }

    private static ExitCode print(Settings settings, Path index, PrintStream out) throws IOException {
        boolean exists = Files.isRegularFile(index, LinkOption.NOFOLLOW_LINKS);
        String raw = exists ? new String(Files.readAllBytes(index), StandardCharsets.UTF_8) : "";
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
