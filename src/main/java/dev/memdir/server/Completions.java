package dev.memdir.server;

import dev.memdir.instructions.InstructionResolver;
import dev.memdir.instructions.InstructionsCache;
import dev.memdir.memory.store.ListedFile;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.server.feature.Completer;
import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a client can offer while its user fills in an argument: memory paths for the history template, project
 * paths (as the instructions read them) for the instructions template, and words of memory file names for the recall
 * prompt's query. Nothing is read until a request comes.
 */
final class Completions {

    private static final Pattern NOT_A_WORD_CHARACTER = Pattern.compile("[^\\p{L}\\p{N}]+");

    private final MemoryStore memory;
    private final InstructionsCache instructions;
    private final ProjectRoots roots;

    Completions(MemoryStore memory, InstructionsCache instructions, ProjectRoots roots) {
        this.memory = memory;
        this.instructions = instructions;
        this.roots = roots;
    }

    /** Completes {@code path} of the history template: the visible memory files. */
    Completer historyPath() {
        return (client, typed) -> CompletionValues.matching(Reads.io(HistoryResources.TEMPLATE, this::memoryFiles),
                typed);
    }

    /** Completes {@code path} of the instructions template: the project's entries, one directory at a time. */
    Completer projectPath() {
        return (client, typed) -> {
            roots.askOnce(client);
            InstructionResolver resolver = instructions.resolver();
            return CompletionValues.matching(Reads.io(InstructionResources.FOR_TEMPLATE,
                    () -> ProjectPaths.candidates(resolver.source(), resolver.locations().projectDirectory(), typed)),
                    typed);
        };
    }

    /** Completes {@code query} of the recall prompt. */
    Completer recallQuery() {
        return (client, typed) -> queries(typed);
    }

    /** The visible memory files, as paths below /memories. */
    private Stream<String> memoryFiles() throws IOException {
        return memory.listedFiles().stream().map(ListedFile::relative);
    }

    /**
     * Completes the last word of a query with the words of memory file names: what the index names topics by, and
     * a walk that reads no file (descriptions would mean reading every file at every keystroke).
     */
    private Completer.Values queries(String typed) {
        int wordStart = typed.lastIndexOf(' ') + 1;
        String before = typed.substring(0, wordStart);
        Stream<String> words = Reads.io(RecallFeatures.PROMPT_NAME, this::memoryFiles)
                .flatMap(path -> Arrays.stream(NOT_A_WORD_CHARACTER.split(withoutExtension(path))))
                .filter(word -> !word.isEmpty())
                .map(word -> before + word.toLowerCase(Locale.ROOT));
        return CompletionValues.matching(words, before + typed.substring(wordStart).toLowerCase(Locale.ROOT));
    }

    private static String withoutExtension(String path) {
        int dot = path.lastIndexOf('.');
        return dot > path.lastIndexOf('/') ? path.substring(0, dot) : path;
    }
}
