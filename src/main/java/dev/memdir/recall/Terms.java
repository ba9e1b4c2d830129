package dev.memdir.recall;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The words recall ranks by: runs of letters and digits, lower-cased, single characters left out; and in runs of
 * Chinese, Japanese or Korean characters, which put no space between words, each pair of neighbouring characters (a
 * lone one as itself), as search engines index such text without a dictionary.
 */
final class Terms {

    private Terms() {}

    static List<String> of(String text) {
        List<String> terms = new ArrayList<>();
        int start = -1;
        boolean startCjk = false;
        for (int i = 0; i <= text.length(); ) {
            int codePoint = i < text.length() ? text.codePointAt(i) : ' ';
            boolean cjk = Scripts.isCjk(codePoint);
            boolean wordChar = cjk || Character.isLetterOrDigit(codePoint);
            if (start >= 0 && (!wordChar || cjk != startCjk)) {
                addRun(terms, text.substring(start, i), startCjk);
                start = -1;
            }
            if (wordChar && start < 0) {
                start = i;
                startCjk = cjk;
            }
            i += i < text.length() ? Character.charCount(codePoint) : 1;
        }
        return terms;
    }

    private static void addRun(List<String> terms, String run, boolean cjk) {
        if (!cjk) {
            if (run.codePointCount(0, run.length()) > 1) {
                terms.add(run.toLowerCase(Locale.ROOT));
            }
            return;
        }
        int[] codePoints = run.codePoints().toArray();
        if (codePoints.length == 1) {
            terms.add(run);
        }
        for (int i = 0; i + 1 < codePoints.length; i++) {
            terms.add(new String(codePoints, i, 2));
        }
    }
}
