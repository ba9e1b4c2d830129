package dev.memdir.memory.s3;

import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.TableFiles;
import dev.memdir.memory.store.Usage;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * One validated state of a namespace: a head with its base read, immutable. Every unit of work runs on a
 * {@link ManifestDraft} of one of these.
 */
final class Manifest {

    private final Head head;
    private final NavigableMap<String, ManifestEntry> baseEntries;
    private final NavigableMap<String, List<KeptVersion>> baseVersions;

    Manifest(Head head, Base base) {
        this(head, base == null ? Collections.emptyNavigableMap() : sorted(base.entries()),
                base == null ? Collections.emptyNavigableMap() : sorted(base.versions()));
    }

    private Manifest(Head head, NavigableMap<String, ManifestEntry> baseEntries,
            NavigableMap<String, List<KeptVersion>> baseVersions) {
        this.head = head;
        this.baseEntries = baseEntries;
        this.baseVersions = baseVersions;
    }

    /** Returns the state {@code next} names when it builds on the same base as this one. */
    Manifest next(Head next) {
        return new Manifest(next, baseEntries, baseVersions);
    }

    /** The state of a namespace before its first commit. */
    static Manifest empty(String namespace) {
        return new Manifest(new Head(Head.FORMAT, namespace, 0, null, null, 0, 0, 0, 1, null, Map.of(), Map.of(),
                List.of()), null);
    }

    private static <V> NavigableMap<String, V> sorted(Map<String, V> map) {
        return Collections.unmodifiableNavigableMap(new TreeMap<>(map));
    }

    Head head() {
        return head;
    }

    long generation() {
        return head.generation();
    }

    Usage usage() {
        return new Usage(head.files(), head.bytes());
    }

    TableFiles.Totals totals() {
        return new TableFiles.Totals(usage(), head.historyBytes());
    }

    /** Returns a draft of the next state, for one unit of work, whose contents are kept plain. */
    ManifestDraft draft(BlobSource blobs, HistoryLimits limits, String actor) {
        return draft(blobs, ContentSeal.PLAIN, limits, actor);
    }

    /** Returns a draft of the next state, for one unit of work, whose contents {@code seal} keeps. */
    ManifestDraft draft(BlobSource blobs, ContentSeal seal, HistoryLimits limits, String actor) {
        return new ManifestDraft(new LayeredMap<>(baseEntries, head.entries()),
                new LayeredMap<>(baseVersions, head.versions()), head.nextOrder(), blobs, seal, limits, actor);
    }
}
