package dev.memdir.recall;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The memory's files by the words they hold, kept up to date file by file: what BM25 needs for a query (how many
 * files hold each of its words, how often each holds it, how long each file is) without looking at every file for
 * every word, which cost a recall over 10,000 files most of its time. Files are numbered, and each word's holders
 * kept as two arrays of ints, so that the index of 10,000 notes takes a few megabytes beside their documents.
 */
final class KeywordIndex {

    /** The files that hold one word: their numbers and how often each holds it, the first {@code size} of each. */
    private static final class Holders {
        int[] files = new int[2];
        int[] frequencies = new int[2];
        int size;

        void add(int file, int frequency) {
            if (size == files.length) {
                files = Arrays.copyOf(files, size * 2);
                frequencies = Arrays.copyOf(frequencies, size * 2);
            }
            files[size] = file;
            frequencies[size++] = frequency;
        }

        void remove(int file) {
            for (int i = 0; i < size; i++) {
                if (files[i] == file) {
                    files[i] = files[--size];
                    frequencies[i] = frequencies[size];
                    return;
                }
            }
        }
    }

    /** Receives one holder of a word. */
    interface HolderConsumer {
        void accept(String relative, int frequency, int length);
    }

    private final Map<String, Integer> numbers = new HashMap<>();
    private final List<String> paths = new ArrayList<>();
    private final List<MemoryDocument> documents = new ArrayList<>();
    private final Deque<Integer> freed = new ArrayDeque<>();
    private final Map<String, Holders> holders = new HashMap<>();
    private long totalLength;

    /** Indexes {@code document} as the file at {@code relative}, in place of what that file held before. */
    void put(String relative, MemoryDocument document) {
        remove(relative);
        int number = freed.isEmpty() ? paths.size() : freed.pop();
        if (number == paths.size()) {
            paths.add(relative);
            documents.add(document);
        } else {
            paths.set(number, relative);
            documents.set(number, document);
        }
        numbers.put(relative, number);
        totalLength += document.length();
        for (int i = 0; i < document.terms(); i++) {
            holders.computeIfAbsent(document.term(i), term -> new Holders()).add(number, document.frequency(i));
        }
    }

    void remove(String relative) {
        Integer number = numbers.remove(relative);
        if (number == null) {
            return;
        }
        MemoryDocument gone = documents.set(number, null);
        paths.set(number, null);
        freed.push(number);
        totalLength -= gone.length();
        for (int i = 0; i < gone.terms(); i++) {
            Holders held = holders.get(gone.term(i));
            held.remove(number);
            if (held.size == 0) {
                holders.remove(gone.term(i));
            }
        }
    }

    int files() {
        return numbers.size();
    }

    double averageLength() {
        return numbers.isEmpty() ? 1 : (double) totalLength / numbers.size();
    }

    /** How many files hold {@code term}. */
    int holding(String term) {
        Holders held = holders.get(term);
        return held == null ? 0 : held.size;
    }

    /** Gives each file that holds {@code term}, with how often (its field weights counted) and its length. */
    void forEachHolder(String term, HolderConsumer consumer) {
        Holders held = holders.get(term);
        for (int i = 0; held != null && i < held.size; i++) {
            consumer.accept(paths.get(held.files[i]), held.frequencies[i], documents.get(held.files[i]).length());
        }
    }
}
