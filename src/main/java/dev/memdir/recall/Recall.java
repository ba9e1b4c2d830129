package dev.memdir.recall;

import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.ListedFile;
import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.MemoryStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.charset.CharacterCodingException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ranks the memory files for a query with BM25 (k1 1.2, b 0.75) over weighted fields ({@link MemoryDocument}).
 * Files are read once and read again only when their size or modification time changes; hidden names,
 * node_modules, links and files that are not UTF-8 text are left out, as the listing leaves them out. The memory is
 * listed at every search, or, for a recall {@linkplain #toldOfChanges told of changes}, only after one.
 */
public final class Recall {

    private static final double K1 = 1.2;
    private static final double B = 0.75;
    private static final long LARGEST_FILE = 4L << 20;

    private record Indexed(Instant modified, long size, MemoryDocument document) {}

    private final MemoryStore store;
    private final boolean listsOnlyAfterChanges;
    private final AtomicBoolean stale = new AtomicBoolean();
    private long changesSeen = -1;
    private final Map<String, Indexed> index = new HashMap<>();

    /** Returns a recall that lists the memory at every search, to see what changed since the last. */
    public Recall(MemoryStore store) {
        this(store, false);
    }

    private Recall(MemoryStore store, boolean listsOnlyAfterChanges) {
        this.store = store;
        this.listsOnlyAfterChanges = listsOnlyAfterChanges;
    }

    /**
     * Returns a recall that lists the memory only at its first search, after a change made through {@code store},
     * and after {@link #changed} reported one made elsewhere (a memory of 10,000 notes is not listed for every
     * query); what a search finds lags a change made elsewhere by as long as its report takes to arrive.
     */
    public static Recall toldOfChanges(MemoryStore store) {
        return new Recall(store, true);
    }

    /** Takes note that the memory changed: the next search lists it again. */
    public void changed(MemoryChanges changes) {
        stale.set(true);
    }

    /** Returns up to {@code limit} files that share a term with {@code query}, best first. */
    public synchronized List<RecallMatch> search(String query, int limit) throws IOException {
        refreshIfChanged();
        Set<String> queryTerms = new LinkedHashSet<>(Terms.of(query));
        if (queryTerms.isEmpty() || index.isEmpty()) {
            return List.of();
        }
        double averageLength = index.values().stream().mapToInt(i -> i.document().length()).average().orElse(1);
        Map<String, Double> idf = new HashMap<>();
        for (String term : queryTerms) {
            long containing = index.values().stream().filter(i -> i.document().frequency(term) > 0).count();
            idf.put(term, Math.log(1 + (index.size() - containing + 0.5) / (containing + 0.5)));
        }
        List<RecallMatch> matches = new ArrayList<>();
        index.forEach((relative, indexed) -> {
            MemoryDocument document = indexed.document();
            double score = 0;
            for (String term : queryTerms) {
                int frequency = document.frequency(term);
                if (frequency > 0) {
                    double norm = K1 * (1 - B + B * document.length() / Math.max(averageLength, 1));
                    score += idf.get(term) * frequency * (K1 + 1) / (frequency + norm);
                }
            }
            if (score > 0) {
                matches.add(new RecallMatch("/memories/" + relative, document.description(), score));
            }
        });
        matches.sort(Comparator.comparingDouble(RecallMatch::score).reversed().thenComparing(RecallMatch::path));
        return List.copyOf(matches.subList(0, Math.min(limit, matches.size())));
    }

    private void refreshIfChanged() throws IOException {
        // Both taken before the listing, so that a change made while it runs is seen by the next search.
        long changesMade = store.changesMade();
        boolean reported = stale.getAndSet(false);
        if (reported || changesMade != changesSeen || !listsOnlyAfterChanges) {
            try {
                refresh();
            } catch (IOException | RuntimeException e) {
                stale.set(true);
                throw e;
            }
            changesSeen = changesMade;
        }
    }

    private void refresh() throws IOException {
        Map<String, Indexed> seen = new HashMap<>();
        try {
            store.read(files -> {
                List<ListedFile> changed = new ArrayList<>();
                for (ListedFile file : files.listedFiles()) {
                    Indexed known = index.get(file.relative());
                    if (file.size() > LARGEST_FILE) {
                        continue;
                    }
                    if (known != null && known.size() == file.size() && known.modified().equals(file.modified())) {
                        seen.put(file.relative(), known);
                    } else {
                        changed.add(file);
                    }
                }
                files.prefetch(changed.stream().map(ListedFile::path).toList());
                for (ListedFile file : changed) {
                    read(files, file).ifPresent(document -> seen.put(file.relative(),
                            new Indexed(file.modified(), file.size(), document)));
                }
                return null;
            });
        } catch (CommandException impossible) {
            throw new AssertionError(impossible);
        }
        index.clear();
        index.putAll(seen);
    }

    private static Optional<MemoryDocument> read(MemoryFiles files, ListedFile file) throws IOException {
        try {
            String text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(files.read(file.path()))).toString();
            return Optional.of(MemoryDocument.of(file.relative(), text));
        } catch (CharacterCodingException | CommandException notTextOrVanished) {
            return Optional.empty();
        }
    }
}
