package dev.memdir.memory.s3;

import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.HistoryLimits;
import java.io.IOException;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The next state of a namespace as one unit of work makes it, over the {@link Manifest} it started from: its
 * entries and kept versions (the two tables {@code TableFiles} works on), the contents it wrote (uploaded before
 * the commit) and those it stopped naming (deleted after it). Nothing reaches the store until the store commits the
 * draft.
 */
final class ManifestDraft {

    private final Instant now = Instant.now();
    private final DraftContents contents;
    private final DraftEntries entries;
    private final DraftHistory history;

    ManifestDraft(LayeredMap<ManifestEntry> entries, LayeredMap<List<KeptVersion>> versions, long nextOrder,
            BlobSource blobs, ContentSeal seal, HistoryLimits limits, String actor) {
        this.contents = new DraftContents(blobs, seal);
        this.entries = new DraftEntries(entries, contents, now);
        this.history = new DraftHistory(versions, nextOrder, this.entries, contents, limits, actor, now);
    }

    DraftEntries entries() {
        return entries;
    }

    DraftHistory history() {
        return history;
    }

    Instant now() {
        return now;
    }

    /** Seals every file's and kept version's content again; returns how many contents were sealed again. */
    long reseal() throws IOException {
        entries.reseal();
        history.reseal();
        return contents.uploads().size();
    }

    /** Returns whether the unit changed anything, so that there is something to commit. */
    boolean dirty() {
        return entries.changed() || history.changed();
    }

    /** Returns whether the unit redacted a version, whose content and SHA-256 must leave every manifest kept. */
    boolean redacted() {
        return !history.redactedTraces().isEmpty();
    }

    /** Returns the contents the unit wrote, by name: what to upload before the commit. */
    Map<String, byte[]> uploads() {
        return contents.uploads();
    }

    /** Returns the contents the unit stopped naming that nothing else names either: what to delete after it. */
    Set<String> unnamed() {
        if (contents.released().isEmpty()) {
            return Set.of();
        }
        Set<String> gone = new HashSet<>(contents.released());
        gone.removeAll(named());
        return gone;
    }

    /** Returns the names of every content the draft's entries and versions name. */
    Set<String> named() {
        Set<String> named = new HashSet<>();
        entries.map().forEach((key, entry) -> {
            if (entry.blob() != null) {
                named.add(entry.blob());
            }
        });
        history.map().forEach((key, list) -> list.forEach(version -> {
            if (version.blob() != null) {
                named.add(version.blob());
            }
        }));
        return named;
    }
}
