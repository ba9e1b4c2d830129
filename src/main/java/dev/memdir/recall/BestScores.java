package dev.memdir.recall;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/** The best few of many scores, found without sorting them all (a recall over 10,000 files wants ten). */
final class BestScores {

    /** Best first; equal scores by path, so that a ranking is the same at every run. */
    private static final Comparator<Map.Entry<String, Double>> BEST_FIRST = Map.Entry.<String, Double>comparingByValue()
            .reversed().thenComparing(Map.Entry.comparingByKey());

    private BestScores() {}

    /** Returns the keys of the {@code count} best {@code scores}, best first. */
    static List<String> of(Map<String, Double> scores, int count) {
        if (count <= 0) {
            return List.of();
        }
        PriorityQueue<Map.Entry<String, Double>> kept = new PriorityQueue<>(count + 1, BEST_FIRST.reversed());
        for (Map.Entry<String, Double> entry : scores.entrySet()) {
            if (kept.size() < count) {
                kept.add(entry);
            } else if (BEST_FIRST.compare(entry, kept.peek()) < 0) {
                kept.poll();
                kept.add(entry);
            }
        }
        List<String> best = new ArrayList<>(kept.size());
        while (!kept.isEmpty()) {
            best.add(kept.poll().getKey());
        }
        Collections.reverse(best);
        return best;
    }
}
