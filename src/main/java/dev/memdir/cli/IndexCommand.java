package dev.memdir.cli;

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

/** {@code memdir index}: MEMORY.md's figures against its budget, without opening or changing the store. */
final class IndexCommand {

    static final int OVER_BUDGET = 1;

    private IndexCommand() {}

    static int run(Settings settings, PrintStream out) throws IOException {
        Path index = settings.root().resolve("MEMORY.md");
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
        return verdict == Verdict.OVER ? OVER_BUDGET : 0;
    }
}
