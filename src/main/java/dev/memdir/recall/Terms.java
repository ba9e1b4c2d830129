package dev.memdir.recall;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The words recall ranks by: runs of letters and digits, lower-cased; single characters are left out. */
final class Terms {

    private Terms() {}

    static List<String> of(String text) {
        List<String> terms = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= text.length(); i++) {
            boolean wordChar = i < text.length() && Character.isLetterOrDigit(text.charAt(i));
            if (wordChar && start < 0) {
                start = i;
            } else if (!wordChar && start >= 0) {
                if (i - start > 1) {
                    terms.add(text.substring(start, i).toLowerCase(Locale.ROOT));
                }
                start = -1;
            }
        }
        return terms;
    }
}
