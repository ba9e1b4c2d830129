package dev.memdir.recall;

import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.ListedFile;
import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.Sha256;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ranks the memory files for a query: with BM25 (k1 1.2, b 0.75) over weighted fields ({@link MemoryDocument}), and,
 * for a hybrid recall, also by the similarity of the query's vector to the files' ({@link VectorIndex}), the two
 * scores fused ({@link Fusion}). Files are read once and read again only when their size or modification time
 * changes; hidden names, node_modules, links and files that are not UTF-8 text are left out, as the listing leaves
 * them out. The memory is listed at every search, or, for a recall {@linkplain #toldOfChanges told of changes}, only
 * after one.
 */
public final class Recall {

    private static final Logger log = LoggerFactory.getLogger(Recall.class);
    private static final double K1 = 1.2;
    private static final double B = 0.75;
    private static final long LARGEST_FILE = 4L << 20;

    private record Indexed(ListedFile file, MemoryDocument document, String sha256) {
        boolean unchanged(ListedFile now) {
            return file.size() == now.size() && file.modified().equals(now.modified());
        }
    }

    private final MemoryStore store;
    private final boolean listsOnlyAfterChanges;
    private final Optional<VectorIndex> vectors;
    private final Optional<Embedding> embedding;
    private final AtomicBoolean stale = new AtomicBoolean();
    private final AtomicBoolean refreshQueued = new AtomicBoolean();
    private long changesSeen = -1;
    private final Map<String, Indexed> index = new HashMap<>();
    private volatile Set<String> contents = Set.of();

    /** Returns a keyword recall that lists the memory at every search, to see what changed since the last. */
    public Recall(MemoryStore store) {
        this(store, false, Optional.empty());
    }

    private Recall(MemoryStore store, boolean listsOnlyAfterChanges, Optional<Embedding> embedding) {
        this.store = store;
        this.listsOnlyAfterChanges = listsOnlyAfterChanges;
        this.embedding = embedding;
        this.vectors = embedding.map(model -> new VectorIndex(model, store::vectors, () -> contents));
    }

    /**
     * Returns a recall that lists the memory only at its first search, after a change made through {@code store},
     * and after {@link #changed} reported one made elsewhere (a memory of 10,000 notes is not listed for every
     * query); what a search finds lags a change made elsewhere by as long as its report takes to arrive. With
     * {@code embedding}, it is hybrid: its first search starts computing the files' vectors in the background, and
     * from then on every change is indexed soon after it is reported.
     */
    public static Recall toldOfChanges(MemoryStore store, Optional<Embedding> embedding) {
        return new Recall(store, true, embedding);
    }

    /** Takes note that the memory changed: the next search lists it again (a hybrid one indexes it now). */
    public void changed(MemoryChanges changes) {
        stale.set(true);
        if (vectors.isPresent() && vectors.get().started() && refreshQueued.compareAndSet(false, true)) {
            embedding.get().run(this::refreshInBackground);
        }
    }

    /** Returns up to {@code limit} files that match {@code query}, best first. */
    public List<RecallMatch> search(String query, int limit) throws IOException {
        return answer(query, limit).matches();
    }

    /** Returns up to {@code limit} files that match {@code query}, best first, and how they were ranked. */
    public synchronized RecallAnswer answer(String query, int limit) throws IOException {
        refreshIfChanged();
        Map<String, Double> keywords = keywordScores(query);
        if (vectors.isEmpty()) {
            return new RecallAnswer(best(keywords, Set.of(), limit), false, 0);
        }
        VectorIndex vectorIndex = vectors.get();
        if (!vectorIndex.start()) {
            wantVectors(index.values());
        }
        Set<String> withVectors = new HashSet<>();
        index.forEach((relative, indexed) -> {
            if (vectorIndex.vectors(indexed.sha256()).isPresent()) {
                withVectors.add(relative);
            }
        });
        int withoutVectors = index.size() - withVectors.size();
        Optional<float[]> queryVector = index.isEmpty() ? Optional.empty() : vectorIndex.query(query);
        if (queryVector.isEmpty() || withVectors.isEmpty()) {
            return new RecallAnswer(best(keywords, Set.of(), limit), false, withoutVectors);
        }
        Map<String, Double> fused = Fusion.of(keywords, similarities(queryVector.get(), withVectors));
        return new RecallAnswer(best(fused, withVectors, limit), true, withoutVectors);
    }

    private Map<String, Double> keywordScores(String query) {
        Set<String> queryTerms = new LinkedHashSet<>(Terms.of(query));
        Map<String, Double> scores = new HashMap<>();
        if (queryTerms.isEmpty() || index.isEmpty()) {
            return scores;
        }
        double averageLength = index.values().stream().mapToInt(i -> i.document().length()).average().orElse(1);
        Map<String, Double> idf = new HashMap<>();
        for (String term : queryTerms) {
            long containing = index.values().stream().filter(i -> i.document().frequency(term) > 0).count();
            idf.put(term, Math.log(1 + (index.size() - containing + 0.5) / (containing + 0.5)));
        }
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
                scores.put(relative, score);
            }
        });
        return scores;
    }

    private Map<String, Double> similarities(float[] query, Set<String> withVectors) {
        ContentVectors.Span span = ContentVectors.Span.of(query);
        Map<String, Double> similarities = new HashMap<>();
        for (String relative : withVectors) {
            vectors.get().vectors(index.get(relative).sha256()).map(content -> content.similarity(query, span))
                    .filter(OptionalDouble::isPresent)
                    .ifPresent(similarity -> similarities.put(relative, similarity.getAsDouble()));
        }
        return similarities;
    }

    private List<RecallMatch> best(Map<String, Double> scores, Set<String> byMeaning, int limit) {
        List<String> order = scores.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(limit).map(Map.Entry::getKey).toList();
        List<RecallMatch> matches = new ArrayList<>();
        for (String relative : order) {
            matches.add(new RecallMatch("/memories/" + relative, index.get(relative).document().description(),
                    scores.get(relative), byMeaning.contains(relative)));
        }
        return List.copyOf(matches);
    }

    private void refreshInBackground() {
        refreshQueued.set(false);
        try {
            synchronized (this) {
                refreshIfChanged();
            }
        } catch (IOException | RuntimeException e) {
            log.warn("recall: cannot list the changed memory to index it: {}", e.toString());
        }
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
        List<Indexed> added = new ArrayList<>();
        try {
            store.read(files -> {
                List<ListedFile> changed = new ArrayList<>();
                for (ListedFile file : files.listedFiles()) {
                    Indexed known = index.get(file.relative());
                    if (file.size() > LARGEST_FILE) {
                        continue;
                    }
                    if (known != null && known.unchanged(file)) {
                        seen.put(file.relative(), known);
                    } else {
                        changed.add(file);
                    }
                }
                files.prefetch(changed.stream().map(ListedFile::path).toList());
                for (ListedFile file : changed) {
                    read(files, file).ifPresent(indexed -> {
                        seen.put(file.relative(), indexed);
                        added.add(indexed);
                    });
                }
                return null;
            });
        } catch (CommandException impossible) {
            throw new AssertionError(impossible);
        }
        index.clear();
        index.putAll(seen);
        Set<String> now = new HashSet<>();
        seen.values().forEach(indexed -> now.add(indexed.sha256()));
        contents = now;
        if (vectors.isPresent() && vectors.get().started()) {
            wantVectors(added);
        }
    }

    private void wantVectors(Iterable<Indexed> files) {
        for (Indexed indexed : files) {
            vectors.get().want(indexed.sha256(), () -> passages(indexed));
        }
    }

    /** The passages of a file as it is now; empty when it changed since it was indexed (its new content is queued). */
    private Optional<List<String>> passages(Indexed indexed) {
        try {
            byte[] bytes = store.read(files -> files.read(indexed.file().path()));
            return Sha256.hex(bytes).equals(indexed.sha256())
                    ? Optional.of(MemoryDocument.passages(indexed.file().relative(), utf8(bytes)))
                    : Optional.empty();
        } catch (IOException | CommandException goneOrChanged) {
            return Optional.empty();
        }
    }

    private static Optional<Indexed> read(MemoryFiles files, ListedFile file) throws IOException {
        try {
            byte[] bytes = files.read(file.path());
            return Optional.of(new Indexed(file, MemoryDocument.of(file.relative(), utf8(bytes)), Sha256.hex(bytes)));
        } catch (CharacterCodingException | CommandException notTextOrVanished) {
            return Optional.empty();
        }
    }

    private static String utf8(byte[] bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes)).toString();
    }
}
