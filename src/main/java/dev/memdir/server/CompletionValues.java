package dev.memdir.server;

import dev.memdir.server.feature.Completer;
import java.util.List;
import java.util.stream.Stream;

/** The answer to one completion request: the candidates that start with what was typed, sorted, at most 100. */
final class CompletionValues {

    /** The most values one answer may carry (the MCP specification's limit). */
    static final int MAX = 100;

    private CompletionValues() {}

    /** Returns the distinct {@code candidates} starting with {@code typed}, sorted; total counts them all. */
    static Completer.Values matching(Stream<String> candidates, String typed) {
        List<String> matches = candidates.filter(candidate -> candidate.startsWith(typed)).distinct().sorted().toList();
        return new Completer.Values(matches.subList(0, Math.min(MAX, matches.size())), matches.size(),
                matches.size() > MAX);
    }
}
