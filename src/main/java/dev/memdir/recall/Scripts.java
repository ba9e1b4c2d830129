package dev.memdir.recall;

/** The scripts written without spaces between words: Chinese, Japanese and Korean. */
public final class Scripts {

    private Scripts() {}

    /** Whether {@code codePoint} is a Han ideograph, kana or hangul. */
    public static boolean isCjk(int codePoint) {
        Character.UnicodeScript script = Character.UnicodeScript.of(codePoint);
        return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA || script == Character.UnicodeScript.HANGUL;
    }

    /** Whether ideographs, kana and hangul are more than a third of the text's letters: a question in those scripts. */
    public static boolean mostlyCjk(String text) {
        long letters = text.codePoints().filter(Character::isLetter).count();
        long ideographs = text.codePoints().filter(Scripts::isCjk).count();
        return ideographs * 3 > letters;
    }
}
