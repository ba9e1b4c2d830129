package dev.memdir.context;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Packs memories into the bytes a hook may add to a model's context (UTF-8): a header, then each memory whole while it
 * fits; one that does not fit is cut at a line or character when enough of it fits to be worth reading, else left out.
 */
final class ContextBudget {

    /** The least text of a memory worth giving cut. */
    static final int LEAST_CUT = 120;

    private final int bytes;

    ContextBudget(int bytes) {
        this.bytes = bytes;
    }

    /** What was packed: the text, and the memories given in it, whole or cut. */
    record Packed(String text, List<Offer> given) {
        boolean isEmpty() {
            return given.isEmpty();
        }
    }

    Packed pack(String header, List<Offer> offers) {
        StringBuilder text = new StringBuilder(header);
        int used = size(header);
        List<Offer> given = new ArrayList<>();
        for (Offer offer : offers) {
            String block = "\n\n" + ContextTexts.block(offer, offer.text());
            int size = size(block);
            if (used + size <= bytes) {
                text.append(block);
                used += size;
                given.add(offer);
                continue;
            }
            String heading = "\n\n" + ContextTexts.block(offer, "");
            int room = bytes - used - size(heading) - size(ContextTexts.CUT);
            if (room >= LEAST_CUT) {
                String cut = cut(offer.text(), room) + ContextTexts.CUT;
                text.append(heading).append(cut);
                used += size(heading) + size(cut);
                given.add(offer);
            }
        }
        return new Packed(text.toString(), List.copyOf(given));
    }

    /** Appends {@code line} after a blank line when it fits in what is left of the budget after {@code packed}. */
    String withLine(String packed, String line) {
        String more = packed + "\n\n" + line;
        return size(more) <= bytes ? more : packed;
    }

    int bytes() {
        return bytes;
    }

    /** The longest start of {@code text} within {@code room} bytes; at a line break when one is in its second half. */
    static String cut(String text, int room) {
        int end = 0;
        int used = 0;
        while (end < text.length()) {
            int codePoint = text.codePointAt(end);
            int width = new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8).length;
            if (used + width > room) {
                break;
            }
            used += width;
            end += Character.charCount(codePoint);
        }
        int line = text.lastIndexOf('\n', end - 1);
        return (line > end / 2 ? text.substring(0, line) : text.substring(0, end)).stripTrailing();
    }

    static int size(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
