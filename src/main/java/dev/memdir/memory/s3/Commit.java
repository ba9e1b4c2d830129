package dev.memdir.memory.s3;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * One object of a {@link CommitLog}: its place in the sequence, the id its writer made for it, and what the writer
 * committed. Stored as the id, a line feed, then the payload, so that a writer whose reply was lost can read the
 * object back and tell its own commit from another's.
 *
 * @param sequence the commit's number, 1 for the first
 * @param id the writer's id of this attempt, unique to it ({@code [0-9a-zA-Z-]}, 1 to 64 characters)
 * @param payload what was committed
 */
record Commit(long sequence, String id, byte[] payload) {

    private static final Pattern ID = Pattern.compile("[0-9a-zA-Z-]{1,64}");

    Commit {
        if (sequence < 1) {
            throw new IllegalArgumentException("sequence must be >= 1: " + sequence);
        }
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("not a commit id: " + id);
        }
        payload = payload.clone();
    }

    /** Returns the commit stored as {@code stored} at {@code sequence}. */
    static Commit parse(long sequence, byte[] stored) {
        for (int i = 0; i < stored.length; i++) {
            if (stored[i] == '\n') {
                return new Commit(sequence, new String(stored, 0, i, StandardCharsets.US_ASCII),
                        Arrays.copyOfRange(stored, i + 1, stored.length));
            }
        }
        throw new IllegalArgumentException("commit " + sequence + " holds no commit id");
    }

    /** Returns the bytes stored for this commit. */
    byte[] stored() {
        byte[] head = (id + "\n").getBytes(StandardCharsets.US_ASCII);
        byte[] stored = Arrays.copyOf(head, head.length + payload.length);
        System.arraycopy(payload, 0, stored, head.length, payload.length);
        return stored;
    }

    @Override
    public byte[] payload() {
        return payload.clone();
    }
}
