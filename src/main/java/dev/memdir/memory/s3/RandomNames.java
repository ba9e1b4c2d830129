package dev.memdir.memory.s3;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The random names of what a writer creates: contents and bases are created under names no other writer can
 * take, and each commit attempt carries an id by which its writer knows it again.
 */
final class RandomNames {

    private static final SecureRandom RANDOM = new SecureRandom();

    private RandomNames() {}

    /** Returns a new content's name below the namespace: {@code blobs/} and 128 random bits in hex. */
    static String blob() {
        return "blobs/" + hex(16);
    }

    /** Returns a new base's name below the namespace, for the head of {@code generation}. */
    static String base(long generation) {
        return String.format("bases/%012d-%s.json", generation, hex(4));
    }

    /** Returns the id of a new commit attempt: 64 random bits in hex. */
    static String commitId() {
        return hex(8);
    }

    private static String hex(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
