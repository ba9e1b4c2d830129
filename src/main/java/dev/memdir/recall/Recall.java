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
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    private final Duration patience;
    private final AtomicBoolean stale = new AtomicBoolean();
    private final AtomicBoolean refreshQueued = new AtomicBoolean();
    private long changesSeen = -1;
    private final Map<String, Indexed> index = new HashMap<>();
    private final KeywordIndex keywordIndex = new KeywordIndex();
    private volatile Set<String> contents = Set.of();
    private Sequences sequences = Sequences.of(Set.of());

    /** Returns a keyword recall that lists the memory at every search, to see what changed since the last. */
    public Recall(MemoryStore store) {
        this(store, false, Optional.empty(), Duration.ZERO);
    }

    private Recall(MemoryStore store, boolean listsOnlyAfterChanges, Optional<Embedding> embedding,
            Duration patience) {
        this.store = store;
        this.listsOnlyAfterChanges = listsOnlyAfterChanges;
        this.embedding = embedding;
        this.patience = patience;
        this.vectors = embedding.map(model -> new VectorIndex(model, store::vectors, () -> contents));
    }

    /**
     * Returns a recall that lists the memory only at its first search and after {@code store}'s change feed counted
     * a change (one made through {@code store} at once, one made elsewhere as heard) or {@link #changed} reported
     * one (a memory of 10,000 notes is not listed for every query); what a search finds lags a change made elsewhere
     * by as long as its report takes to arrive. With
     * {@code embedding}, it is hybrid: its first search starts computing the files' vectors in the background, and
     * from then on every change is indexed soon after it is reported.
     */
    public static Recall toldOfChanges(MemoryStore store, Optional<Embedding> embedding) {
        return toldOfChanges(store, embedding, Duration.ZERO);
    }

    /**
     * As {@link #toldOfChanges(MemoryStore, Optional)}, a hybrid recall on a memory that keeps vectors waiting at most
     * {@code patience} for the kept vectors and the model rather than answer by keywords alone.
     */
    public static Recall toldOfChanges(MemoryStore store, Optional<Embedding> embedding, Duration patience) {
        return new Recall(store, true, embedding, patience);
    }

    /**
     * Starts reading the vectors the memory keeps and, when it keeps any, loading the model, in the background: for a
     * session's start, so that its first recall ranks by meaning. A memory that keeps none starts nothing.
     */
    public void warmUp() {
        vectors.ifPresent(VectorIndex::warmUp);
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
        Ranking ranking = rank(query);
        List<RecallMatch> matches = ranking.best(limit).stream().map(ranking::match).toList();
        return new RecallAnswer(matches, ranking.byQueryVector(), ranking.withoutVectors());
    }

    /**
     * Returns up to {@code limit} files that match {@code query}, best first, each with what ranked it: enough to
     * judge whether a file bears on the query at all, not only whether it bears on it more than the others.
     */
    public synchronized List<RecallEvidence> evidence(String query, int limit) throws IOException {
        Ranking ranking = rank(query);
        return ranking.best(limit).stream().map(ranking::evidence).toList();
    }

    /** Returns the files whose frontmatter scopes them to parts of a project ({@code paths:}), in path order. */
    public synchronized List<ScopedFile> scopedFiles() throws IOException {
        refreshIfChanged();
        return index.entrySet().stream().filter(entry -> entry.getValue().document().scope() != null)
                .sorted(Map.Entry.comparingByKey())
                .map(entry -> new ScopedFile("/memories/" + entry.getKey(), entry.getValue().document().description(),
                        entry.getValue().sha256(), entry.getValue().document().scope()))
                .toList();
    }

    private Ranking rank(String query) throws IOException {
        refreshIfChanged();
        KeywordScores keywords = KeywordScores.of(Terms.of(query), keywordIndex);
        if (vectors.isEmpty()) {
            return byKeywords(keywords, 0);
        }
        VectorIndex vectorIndex = vectors.get();
        if (!vectorIndex.start()) {
            wantVectors(index.values());
        }
        if (!patience.isZero() && !vectorIndex.ready()) {
            awaitKept(vectorIndex);
        }
        Map<String, ContentVectors> withVectors = new HashMap<>();
        index.forEach((relative, indexed) -> vectorIndex.vectors(indexed.sha256())
                .ifPresent(content -> withVectors.put(relative, content)));
        int withoutVectors = index.size() - withVectors.size();
        Optional<float[]> queryVector = index.isEmpty() ? Optional.empty() : vectorIndex.query(query);
        if (queryVector.isEmpty() || withVectors.isEmpty()) {
            return byKeywords(keywords, withoutVectors);
        }
        Map<String, ContentVectors.Closest> closest = closest(queryVector.get(), withVectors);
        Map<String, Double> similarities = new HashMap<>();
        closest.forEach((relative, passage) -> similarities.put(relative, passage.similarity()));
        Standing standing = Standing.among(similarities.values(),
                Background.similarities(queryVector.get(), embedding.get().background().orElse(new float[0][])));
        return new Ranking(this::description, keywords,
                sequences.spread(Fusion.of(keywords.bm25(), similarities, index.size())),
                closest, standing, true, withoutVectors);
    }

    private Ranking byKeywords(KeywordScores keywords, int withoutVectors) {
        return Ranking.byKeywords(this::description, keywords, sequences.spread(keywords.bm25()), withoutVectors);
    }

    private void awaitKept(VectorIndex vectorIndex) {
        try {
            vectorIndex.awaitKept(patience);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private String description(String relative) {
        return index.get(relative).document().description();
    }

    private static Map<String, ContentVectors.Closest> closest(float[] query, Map<String, ContentVectors> contents) {
        ContentVectors.Span span = ContentVectors.Span.of(query);
        Map<String, ContentVectors.Closest> closest = new HashMap<>();
        contents.forEach((relative, content) -> content.closest(query, span)
                .ifPresent(passage -> closest.put(relative, passage)));
        return closest;
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
        long changesCounted = store.changes().count();
        boolean reported = stale.getAndSet(false);
        if (reported || changesCounted != changesSeen || !listsOnlyAfterChanges) {
            try {
                refresh();
            } catch (IOException | RuntimeException e) {
                stale.set(true);
                throw e;
            }
            changesSeen = changesCounted;
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
        index.keySet().stream().filter(relative -> !seen.containsKey(relative)).toList().forEach(keywordIndex::remove);
        added.forEach(indexed -> keywordIndex.put(indexed.file().relative(), indexed.document()));
        index.clear();
        index.putAll(seen);
        sequences = Sequences.of(index.keySet());
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
