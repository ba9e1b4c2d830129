package dev.memdir.recall;

import dev.memdir.frontmatter.Frontmatter;
import dev.memdir.frontmatter.FrontmatterFields;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One memory file as recall weighs it: its path and frontmatter {@code name} count three times, its
 * {@code description} twice, its body once (BM25F-style field weights, summed into one bag of terms).
 */
final class MemoryDocument {

    private static final int NAME_WEIGHT = 3;
    private static final int DESCRIPTION_WEIGHT = 2;
    private static final String SCOPE = "paths";

    private final String heading;
    private final String description;
    private final Object scope;
    /** Each distinct word once, interned (a memory of 10,000 files holds one copy of each), and how often it counts. */
    private final String[] terms;
    private final int[] frequencies;
    private final int length;

    private MemoryDocument(String heading, String description, Object scope, Map<String, Integer> bag, int length) {
        this.heading = heading;
        this.description = description;
        this.scope = scope;
        this.terms = new String[bag.size()];
        this.frequencies = new int[bag.size()];
        int i = 0;
        for (Map.Entry<String, Integer> term : bag.entrySet()) {
            terms[i] = term.getKey().intern();
            frequencies[i++] = term.getValue();
        }
        this.length = length;
    }

    /** {@code relativePath} is the file's path below the memory root, with {@code /} separators. */
    static MemoryDocument of(String relativePath, String text) {
        Map<String, Object> all = FrontmatterFields.of(text);
        Map<String, Object> fields = scalars(all);
        String description = fields.getOrDefault("description", "").toString();
        String name = relativePath + " " + fields.getOrDefault("name", "");
        Map<String, Integer> bag = new HashMap<>();
        int length = add(bag, Terms.of(name), NAME_WEIGHT) + add(bag, Terms.of(description), DESCRIPTION_WEIGHT)
                + add(bag, Terms.of(Frontmatter.strip(text)), 1);
        return new MemoryDocument(name.strip() + "\n" + description, description, all.get(SCOPE), bag, length);
    }

    /** Returns the passages the file's vectors are computed from: parts of its body, each led by its heading. */
    static List<String> passages(String relativePath, String text) {
        return of(relativePath, text).passagesOf(text);
    }

    /** Returns the passages of this document's {@code text}, each led by its heading. */
    List<String> passagesOf(String text) {
        return Passages.of(heading, Frontmatter.strip(text));
    }

    String heading() {
        return heading;
    }

    String description() {
        return description;
    }

    /** The frontmatter's {@code paths:} as YAML gave it (a list or a string), or {@code null} when it has none. */
    Object scope() {
        return scope;
    }

    int length() {
        return length;
    }

    /** How many distinct words the file holds. */
    int terms() {
        return terms.length;
    }

    /** The {@code i}th distinct word, interned. */
    String term(int i) {
        return terms[i];
    }

    /** How often the {@code i}th distinct word counts, its field's weight each time. */
    int frequency(int i) {
        return frequencies[i];
    }

    /** Adds {@code terms}, each {@code weight} times, to {@code bag}; returns the length they add. */
    private static int add(Map<String, Integer> bag, List<String> terms, int weight) {
        for (String term : terms) {
            bag.merge(term, weight, Integer::sum);
        }
        return terms.size() * weight;
    }

    /** The frontmatter's scalar fields (name, description, ...); nested ones are not words of the file. */
    private static Map<String, Object> scalars(Map<String, Object> fields) {
        Map<String, Object> scalars = new HashMap<>();
        fields.forEach((key, value) -> {
            if (value != null && !(value instanceof Map) && !(value instanceof List)) {
                scalars.put(key, value);
            }
        });
        return scalars;
    }
}
