package dev.memdir.memory.s3;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.HistoryTable;
import dev.memdir.memory.store.StoredFile;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The kept versions of a draft, by key, laid over the manifest the unit of work started from, within the limits as
 * PostgreSQL's history keeps them. A version kept before a file changes names the file's content; nothing is
 * copied.
 */
final class DraftHistory implements HistoryTable {

    private final LayeredMap<List<KeptVersion>> versions;
    private final DraftEntries entries;
    private final DraftContents contents;
    private final HistoryLimits limits;
    private final String actor;
    private final Instant now;
    private final List<String> redactedTraces = new ArrayList<>();
    private long nextOrder;
    private boolean changed;

    DraftHistory(LayeredMap<List<KeptVersion>> versions, long nextOrder, DraftEntries entries,
            DraftContents contents, HistoryLimits limits, String actor, Instant now) {
        this.versions = versions.copy();
        this.nextOrder = nextOrder;
        this.entries = entries;
        this.contents = contents;
        this.limits = limits;
        this.actor = actor;
        this.now = now;
    }

    LayeredMap<List<KeptVersion>> map() {
        return versions;
    }

    long nextOrder() {
        return nextOrder;
    }

    boolean changed() {
        return changed;
    }

    /** Returns the SHA-256 and content name of every version this unit redacted: what older heads must lose. */
    List<String> redactedTraces() {
        return List.copyOf(redactedTraces);
    }

    @Override
    public long keep(StoredFile file, FileVersion.Operation operation, Optional<MemoryPath> renamedTo,
            long bytesBefore) {
        ManifestEntry entry = entries.get(file.key());
        FileVersion version = new FileVersion(0, now, actor, entry.size(), Optional.of(entry.sha256()), operation,
                Optional.empty(), renamedTo);
        return append(file.key(), version, Optional.of(entry.blob()), bytesBefore);
    }

    @Override
    public long add(String key, FileVersion version, Optional<byte[]> content, long bytesBefore)
            throws IOException {
        return append(key, version, content.isEmpty() ? Optional.empty()
                : Optional.of(contents.upload(key, content.get())), bytesBefore);
    }

    /**
     * Appends {@code version} as the newest of {@code key} (its time now when it has none), then drops what the
     * limits no longer keep, as PostgreSQL's history does: the versions past the newest {@link HistoryLimits#keep()}
     * of the key, then the oldest of the memory until the bytes are within {@link HistoryLimits#maxBytes()}. A
     * version counts its size, redacted or not, so the bytes equal a recount.
     */
    private long append(String key, FileVersion version, Optional<String> blob, long bytesBefore) {
        List<KeptVersion> kept = new ArrayList<>(versionsOf(key));
        int number = kept.isEmpty() ? 1 : kept.get(kept.size() - 1).number() + 1;
        kept.add(KeptVersion.of(version, number, version.time() == null ? now : version.time(), blob, nextOrder++));
        long bytes = bytesBefore + version.size();
        List<KeptVersion> staying = new ArrayList<>();
        for (KeptVersion each : kept) {
            if (each.number() <= number - limits.keep()) {
                bytes -= each.size();
                contents.release(each.blob());
            } else {
                staying.add(each);
            }
        }
        set(key, staying);
        return bytes > limits.maxBytes() ? bytes - dropOldest(bytes - limits.maxBytes()) : bytes;
    }

    /** Drops the memory's oldest versions until at least {@code excess} bytes are gone; returns how many went. */
    private long dropOldest(long excess) {
        record Kept(String key, KeptVersion version) {}
        List<Kept> all = new ArrayList<>();
        versions.forEach((key, list) -> list.forEach(version -> all.add(new Kept(key, version))));
        all.sort(Comparator.comparingLong(kept -> kept.version().order()));
        long dropped = 0;
        Map<String, Set<Integer>> drop = new LinkedHashMap<>();
        for (Kept kept : all) {
            if (dropped >= excess) {
                break;
            }
            dropped += kept.version().size();
            drop.computeIfAbsent(kept.key(), key -> new HashSet<>()).add(kept.version().number());
            contents.release(kept.version().blob());
        }
        drop.forEach((key, numbers) -> set(key,
                versionsOf(key).stream().filter(version -> !numbers.contains(version.number())).toList()));
        return dropped;
    }

    private List<KeptVersion> versionsOf(String key) {
        List<KeptVersion> kept = versions.get(key);
        return kept == null ? List.of() : kept;
    }

    private void set(String key, List<KeptVersion> kept) {
        if (kept.isEmpty()) {
            versions.remove(key);
        } else {
            versions.put(key, List.copyOf(kept));
        }
        changed = true;
    }

    @Override
    public List<FileVersion> versions(String key) {
        List<FileVersion> newestFirst = new ArrayList<>();
        List<KeptVersion> kept = versionsOf(key);
        for (int i = kept.size() - 1; i >= 0; i--) {
            newestFirst.add(kept.get(i).version());
        }
        return newestFirst;
    }

    @Override
    public List<String> renamedInto(String to) {
        List<String> keys = new ArrayList<>();
        versions.forEach((key, list) -> {
            if (list.stream().anyMatch(version -> to.equals(version.renamedTo()))) {
                keys.add(key);
            }
        });
        return keys;
    }

    @Override
    public Optional<byte[]> content(String key, int number) throws IOException {
        for (KeptVersion version : versionsOf(key)) {
            if (version.number() == number && version.blob() != null) {
                return Optional.of(contents.read(key, version.blob()));
            }
        }
        return Optional.empty();
    }

    /** Seals every kept version's content again under the newest data key; see {@link DraftContents#resealed}. */
    void reseal() throws IOException {
        Map<String, List<KeptVersion>> all = new LinkedHashMap<>();
        versions.forEach(all::put);
        contents.prefetch(all.values().stream().flatMap(List::stream).map(KeptVersion::blob)
                .filter(Objects::nonNull).toList());
        for (Map.Entry<String, List<KeptVersion>> each : all.entrySet()) {
            List<KeptVersion> kept = new ArrayList<>();
            for (KeptVersion version : each.getValue()) {
                kept.add(version.blob() == null ? version
                        : version.withBlob(contents.resealed(each.getKey(), version.blob())));
            }
            set(each.getKey(), kept);
        }
    }

    @Override
    public void redact(String key, int number) {
        List<KeptVersion> kept = new ArrayList<>(versionsOf(key));
        for (int i = 0; i < kept.size(); i++) {
            KeptVersion version = kept.get(i);
            if (version.number() == number && version.redactedBy() == null) {
                contents.release(version.blob());
                redactedTraces.add(version.sha256());
                redactedTraces.add(version.blob());
                kept.set(i, version.redacted(actor, now));
                set(key, kept);
            }
        }
    }

    @Override
    public List<String> keys() {
        List<String> keys = new ArrayList<>();
        versions.forEach((key, list) -> keys.add(key));
        return keys;
    }
}
