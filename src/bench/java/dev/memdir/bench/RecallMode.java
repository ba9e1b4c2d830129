package dev.memdir.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The two ways recall ranks, as {@code --recall} names them. */
enum RecallMode {
    KEYWORDS, HYBRID;

    /** The column of this mode's figures, and its name on the command line. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * memdir on the memory that {@code where} (a store's server options) opens, started with {@code --recall} and
     * with the tool Claude Code's hooks call ({@code --context-tool}).
     */
    Launch launch(Launches launches, BenchStore store, List<String> where) {
        List<String> args = new ArrayList<>(where);
        args.addAll(List.of("--recall", label(), "--context-tool"));
        return launches.memdir(Launches.recommendedLine(), args).withEnv(store.env());
    }
}
