package dev.memdir.recall;

import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The part of a memory file that bears on a query: the passage its vectors found closest, else the one holding the
 * most of the query's words, without the heading (path, name and description) every passage is led by.
 */
public final class Excerpt {

    private Excerpt() {}

    /**
     * Returns the passage of {@code text} (the file at {@code relativePath} below the root) numbered {@code passage}
     * when there is one, else the passage holding the most distinct words of {@code query}.
     */
    public static String of(String relativePath, String text, OptionalInt passage, String query) {
        MemoryDocument document = MemoryDocument.of(relativePath, text);
        List<String> passages = document.passagesOf(text);
        if (passages.isEmpty()) {
            return "";
        }
        int chosen = passage.isPresent() && passage.getAsInt() < passages.size() ? passage.getAsInt()
                : mostWords(passages, query);
        String excerpt = passages.get(chosen);
        String heading = document.heading().strip();
        return excerpt.startsWith(heading) ? excerpt.substring(heading.length()).strip() : excerpt;
    }

    private static int mostWords(List<String> passages, String query) {
        Set<String> words = new HashSet<>(Terms.of(query));
        int best = 0;
        long most = -1;
        for (int i = 0; i < passages.size(); i++) {
            long held = Terms.of(passages.get(i)).stream().distinct().filter(words::contains).count();
            if (held > most) {
                most = held;
                best = i;
            }
        }
        return best;
    }
}
