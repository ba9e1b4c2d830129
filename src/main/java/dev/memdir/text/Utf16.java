package dev.memdir.text;

/** Java strings may hold unpaired surrogates, which no UTF-8 file or stream can carry. */
public final class Utf16 {

    private Utf16() {}

    /** Returns the index of the first unpaired surrogate at or after {@code from}, or -1 when there is none. */
    public static int unpairedSurrogate(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }
}
