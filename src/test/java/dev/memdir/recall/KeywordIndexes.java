package dev.memdir.recall;

/** Keyword indexes for tests, filled from file names and their texts. */
final class KeywordIndexes {

    private KeywordIndexes() {}

    /** Returns an index of each file named in {@code namesAndTexts}, which alternates a name and its text. */
    static KeywordIndex of(String... namesAndTexts) {
        KeywordIndex index = new KeywordIndex();
        for (int i = 0; i < namesAndTexts.length; i += 2) {
            index.put(namesAndTexts[i], MemoryDocument.of(namesAndTexts[i], namesAndTexts[i + 1]));
        }
        return index;
    }
}
