package dev.memdir.recall;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a memory file's text into the passages its vectors are computed from: paragraphs joined up to about
 * {@value #TARGET_WEIGHT} weight (a character weighs 1, a Chinese, Japanese or Korean one 3, about a token each), a
 * longer paragraph cut at a line or word near that size, each passage led by the file's heading (path, name and
 * description). Small passages keep one vector from blurring what several parts of a file say (a session of a chat
 * log is a dozen turns, each on its own subject), and the heading keeps each part's context: together they lifted R@1
 * on every evaluation set (docs/recall.md). Only the first {@value #MOST_PASSAGES} passages count, so a file's cost to
 * embed is bounded whatever its size; keywords still rank the rest.
 */
final class Passages {

    /**
     * Names this way of cutting, kept with the vectors beside the model's name: vectors of passages cut another way
     * (700 weight, the heading leading the first only, before 2026-12) are computed again rather than compared.
     */
    static final String CUT = "passages-300-headed";
    static final int TARGET_WEIGHT = 300;
    static final int MOST_PASSAGES = 96;
    /** However long the heading, a passage has room for this much of the file's own text. */
    private static final int LEAST_ROOM = TARGET_WEIGHT / 2;

    private Passages() {}

    /** {@code heading} (the file's path, name and description) leads every passage. */
    static List<String> of(String heading, String body) {
        String lead = heading.strip();
        int leadWeight = weight(lead);
        List<String> passages = new ArrayList<>();
        StringBuilder current = new StringBuilder(lead);
        int currentWeight = leadWeight;
        for (String paragraph : body.split("\\n\\s*\\n")) {
            String rest = paragraph.strip();
            while (!rest.isEmpty() && passages.size() < MOST_PASSAGES) {
                boolean holdsText = current.length() > lead.length();
                int room = holdsText ? TARGET_WEIGHT - currentWeight
                        : Math.max(TARGET_WEIGHT - currentWeight, LEAST_ROOM);
                int fits = charsWithin(rest, room);
                if (fits < rest.length() && holdsText) {
                    passages.add(current.toString());
                    current.setLength(0);
                    current.append(lead);
                    currentWeight = leadWeight;
                    continue;
                }
                int cut = fits == rest.length() ? fits : cutNear(rest, fits);
                if (current.length() > 0) {
                    current.append("\n\n");
                }
                current.append(rest, 0, cut);
                currentWeight = weight(current);
                rest = rest.substring(cut).strip();
            }
        }
        if ((current.length() > lead.length() || passages.isEmpty() && current.length() > 0)
                && passages.size() < MOST_PASSAGES) {
            passages.add(current.toString());
        }
        return passages;
    }

    private static int weight(CharSequence text) {
        return charsWeight(text, 0, text.length());
    }

    private static int charsWeight(CharSequence text, int from, int to) {
        int weight = 0;
        for (int i = from; i < to; i++) {
            weight += Scripts.isCjk(text.charAt(i)) ? 3 : 1;
        }
        return weight;
    }

    /** How many of {@code text}'s first characters weigh at most {@code budget}. */
    private static int charsWithin(String text, int budget) {
        int weight = 0;
        for (int i = 0; i < text.length(); i++) {
            weight += charsWeight(text, i, i + 1);
            if (weight > budget) {
                return i;
            }
        }
        return text.length();
    }

    /** A cut at the last line break, else the last space, in the second half of {@code limit}; else at it. */
    private static int cutNear(String text, int limit) {
        for (char boundary : new char[] {'\n', ' ', '。', '，'}) {
            int at = text.lastIndexOf(boundary, limit - 1);
            if (at > limit / 2) {
                return at + 1;
            }
        }
        int cut = Math.max(1, limit);
        return Character.isHighSurrogate(text.charAt(cut - 1)) ? cut + 1 : cut;
    }
}
