package dev.memdir.recall;

import java.util.HashMap;
import java.util.Map;

/**
 * The memory's files by the words they hold, kept up to date file by file: what BM25 needs for a query (how many
 * files hold each of its words, how often each holds it, how long each file is) without looking at every file for
 * every word, which cost a recall over 10,000 files most of its time.
 */
final class KeywordIndex {

    private final Map<String, MemoryDocument> documents = new HashMap<>();
    private final Map<String, Map<String, Integer>> postings = new HashMap<>();
    private long totalLength;

    /** Indexes {@code document} as the file at {@code relative}, in place of what that file held before. */
    void put(String relative, MemoryDocument document) {
        remove(relative);
        documents.put(relative, document);
        totalLength += document.length();
        for (String term : document.distinctTerms()) {
            postings.computeIfAbsent(term, held -> new HashMap<>()).put(relative, document.frequency(term));
        }
    }

    void remove(String relative) {
        MemoryDocument gone = documents.remove(relative);
        if (gone == null) {
            return;
        }
        totalLength -= gone.length();
        for (String term : gone.distinctTerms()) {
            Map<String, Integer> holders = postings.get(term);
            holders.remove(relative);
            if (holders.isEmpty()) {
                postings.remove(term);
            }
        }
    }

    int files() {
        return documents.size();
    }

    double averageLength() {
        return documents.isEmpty() ? 1 : (double) totalLength / documents.size();
    }

    int length(String relative) {
        return documents.get(relative).length();
    }

    /** The files that hold {@code term}, each with how often (its field weights counted). */
    Map<String, Integer> holders(String term) {
        return postings.getOrDefault(term, Map.of());
    }
}
