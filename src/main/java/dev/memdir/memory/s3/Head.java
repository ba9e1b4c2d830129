package dev.memdir.memory.s3;

import java.util.List;
import java.util.Map;

/**
 * What one commit holds: the whole state of a namespace as a base manifest and a delta over it, with the counters
 * the limits need and the paths the latest commits changed. See docs/stores.md, "The head".
 *
 * @param format {@link #FORMAT}; a higher one is refused
 * @param namespace the namespace's name, checked at every read
 * @param generation the commit's number
 * @param time when it was made
 * @param session which session made it
 * @param files the memory's files (hidden ones included, memdir's own not)
 * @param bytes their bytes
 * @param historyBytes the bytes of every kept version
 * @param nextOrder the order the next kept version takes
 * @param base the immutable manifest the delta lies over, or null
 * @param entries per key, the entry that replaces the base's, or null where the base's is gone
 * @param versions per key, the versions that replace the base's, or null where they are gone
 * @param recent the newest commits' changed keys, newest first
 */
record Head(int format, String namespace, long generation, String time, String session, long files, long bytes,
        long historyBytes, long nextOrder, BaseReference base, Map<String, ManifestEntry> entries,
        Map<String, List<KeptVersion>> versions, List<Recent> recent) {

    static final int FORMAT = 1;

    /** Where a head's base is, and the generation it was written at. */
    record BaseReference(String key, long generation) {}

    /** The keys one commit changed; null when they were too many to list. */
    record Recent(long generation, List<String> paths) {}
}
