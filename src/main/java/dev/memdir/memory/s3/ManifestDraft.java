package dev.memdir.memory.s3;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.Entry;
import dev.memdir.memory.store.EntryTable;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.HistoryTable;
import dev.memdir.memory.store.ListedFile;
import dev.memdir.memory.store.Sha256;
import dev.memdir.memory.store.StoredFile;
import dev.memdir.memory.store.TableKeys;
import dev.memdir.memory.store.TableRow;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The next state of a namespace as one unit of work makes it, over the {@link Manifest} it started from: entries and
 * kept versions laid over that manifest's, the contents it wrote (uploaded before the commit), and the contents it
 * stopped naming (deleted after it). Nothing reaches the store until the store commits the draft.
 */
final class ManifestDraft implements EntryTable, HistoryTable {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String BLOBS = "blobs/";

    private final Manifest from;
    private final LayeredMap<ManifestEntry> entries;
    private final LayeredMap<List<KeptVersion>> versions;
    private final BlobSource blobs;
    private final HistoryLimits limits;
    private final String actor;
    private final Instant now = Instant.now();
    private final Map<String, byte[]> uploads = new LinkedHashMap<>();
    private final Set<String> released = new HashSet<>();
    private long nextOrder;
    private final List<String> redactedTraces = new ArrayList<>();
    private boolean dirty;

    ManifestDraft(Manifest from, LayeredMap<ManifestEntry> entries, LayeredMap<List<KeptVersion>> versions,
            BlobSource blobs, HistoryLimits limits, String actor) {
        this.from = from;
        this.entries = entries.copy();
        this.versions = versions.copy();
        this.blobs = blobs;
        this.limits = limits;
        this.actor = actor;
        this.nextOrder = from.head().nextOrder();
    }

    /** A file of the draft: its content is read only when asked. */
    private final class DraftFile implements StoredFile {
        private final String key;
        private final ManifestEntry entry;

        DraftFile(String key, ManifestEntry entry) {
            this.key = key;
            this.entry = entry;
        }

        @Override
        public String key() {
            return key;
        }

        @Override
        public long size() {
            return entry.size();
        }

        @Override
        public byte[] content() throws IOException {
            return contentOf(entry.blob());
        }
    }

    private byte[] contentOf(String blob) throws IOException {
        byte[] uploading = uploads.get(blob);
        return uploading != null ? uploading.clone() : blobs.blob(blob);
    }

    @Override
    public Entry entry(String key) {
        if (key.isEmpty()) {
            return new Entry(Entry.Kind.DIRECTORY, TableKeys.DIRECTORY_SIZE);
        }
        ManifestEntry entry = entries.get(key);
        return entry == null ? Entry.ABSENT : entry.entry();
    }

    @Override
    public Optional<StoredFile> file(String key) {
        ManifestEntry entry = entries.get(key);
        return entry != null && entry.isFile() ? Optional.of(new DraftFile(key, entry)) : Optional.empty();
    }

    @Override
    public List<String> fileKeys() {
        List<String> keys = new ArrayList<>();
        entries.forEach((key, entry) -> {
            if (entry.isFile()) {
                keys.add(key);
            }
        });
        return keys;
    }

    @Override
    public List<StoredFile> filesIn(String key) {
        List<StoredFile> files = new ArrayList<>();
        forEachInTree(key, (inside, entry) -> {
            if (entry.isFile()) {
                files.add(new DraftFile(inside, entry));
            }
        });
        return files;
    }

    @Override
    public List<TableRow> below(String key, int levels) {
        int depth = TableKeys.depth(key);
        List<TableRow> rows = new ArrayList<>();
        forEachInTree(key, (inside, entry) -> {
            int below = TableKeys.depth(inside) - depth;
            if (below >= 1 && below <= levels) {
                rows.add(new TableRow(inside, TableKeys.parent(inside), TableKeys.name(inside), !entry.isFile(),
                        entry.size()));
            }
        });
        return rows;
    }

    /** A manifest keeps no read times, so a file's last access is its last change, as on PostgreSQL. */
    @Override
    public List<ListedFile> listedFiles() {
        List<ListedFile> listed = new ArrayList<>();
        entries.forEach((key, entry) -> {
            MemoryPath path = TableKeys.path(key);
            if (entry.isFile() && path.segments().stream().allMatch(MemoryNames::listed)) {
                Instant modified = Instant.parse(entry.modified());
                listed.add(new ListedFile(path, entry.size(), modified, modified));
            }
        });
        return listed;
    }

    @Override
    public void insertDirectory(String key) {
        entries.put(key, ManifestEntry.directory(now.toString()));
        dirty = true;
    }

    @Override
    public void putFile(String key, byte[] content) {
        String blob = BLOBS + HexFormat.of().formatHex(randomBytes(16));
        uploads.put(blob, content.clone());
        entries.put(key, ManifestEntry.file(content.length, Sha256.hex(content), blob, now.toString()));
        dirty = true;
    }

    @Override
    public void deleteTree(String key) {
        List<String> gone = new ArrayList<>();
        forEachInTree(key, (inside, entry) -> gone.add(inside));
        gone.forEach(entries::remove);
        dirty = true;
    }

    @Override
    public void moveTree(String from, String to) {
        Map<String, ManifestEntry> moving = new LinkedHashMap<>();
        forEachInTree(from, moving::put);
        moving.keySet().forEach(entries::remove);
        moving.forEach((key, entry) -> entries.put(to + key.substring(from.length()), entry));
        dirty = true;
    }

    private void forEachInTree(String key, java.util.function.BiConsumer<String, ManifestEntry> action) {
        if (key.isEmpty()) {
            entries.forEach(action);
            return;
        }
        ManifestEntry top = entries.get(key);
        if (top != null) {
            action.accept(key, top);
        }
        entries.forEachIn(key + "/", key + "0", action);
    }

    @Override
    public long keep(StoredFile file, FileVersion.Operation operation, Optional<MemoryPath> renamedTo,
            long bytesBefore) {
        ManifestEntry entry = entries.get(file.key());
        FileVersion version = new FileVersion(0, now, actor, entry.size(), Optional.of(entry.sha256()), operation,
                Optional.empty(), renamedTo);
        return append(file.key(), version, Optional.of(entry.blob()), entry.size(), bytesBefore);
    }

    @Override
    public long add(String key, FileVersion version, Optional<byte[]> content, long bytesBefore) {
        Optional<String> blob = Optional.empty();
        if (content.isPresent()) {
            String name = BLOBS + HexFormat.of().formatHex(randomBytes(16));
            uploads.put(name, content.get().clone());
            blob = Optional.of(name);
        }
        // A redacted version counts its size, as one kept and then redacted here does: a recount adds sizes.
        return append(key, version, blob, version.size(), bytesBefore);
    }

    /**
     * Appends {@code version} as the newest of {@code key} (its time now when it has none), then drops what the
     * limits no longer keep, as PostgreSQL's history does: the versions past the newest {@link HistoryLimits#keep()}
     * of the key, then the oldest of the memory until the bytes are within {@link HistoryLimits#maxBytes()}.
     */
    private long append(String key, FileVersion version, Optional<String> blob, long added, long bytesBefore) {
        List<KeptVersion> kept = new ArrayList<>(versionsOf(key));
        int number = kept.isEmpty() ? 1 : kept.get(kept.size() - 1).number() + 1;
        kept.add(KeptVersion.of(version, number, version.time() == null ? now : version.time(), blob, nextOrder++));
        long bytes = bytesBefore + added;
        List<KeptVersion> staying = new ArrayList<>();
        for (KeptVersion each : kept) {
            if (each.number() <= number - limits.keep()) {
                bytes -= each.size();
                release(each);
            } else {
                staying.add(each);
            }
        }
        setVersions(key, staying);
        dirty = true;
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
            release(kept.version());
        }
        drop.forEach((key, numbers) -> setVersions(key,
                versionsOf(key).stream().filter(version -> !numbers.contains(version.number())).toList()));
        return dropped;
    }

    private void release(KeptVersion version) {
        if (version.blob() != null) {
            released.add(version.blob());
        }
    }

    private List<KeptVersion> versionsOf(String key) {
        List<KeptVersion> kept = versions.get(key);
        return kept == null ? List.of() : kept;
    }

    private void setVersions(String key, List<KeptVersion> kept) {
        if (kept.isEmpty()) {
            versions.remove(key);
        } else {
            versions.put(key, List.copyOf(kept));
        }
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
                return Optional.of(contentOf(version.blob()));
            }
        }
        return Optional.empty();
    }

    @Override
    public void redact(String key, int number) {
        List<KeptVersion> kept = new ArrayList<>(versionsOf(key));
        for (int i = 0; i < kept.size(); i++) {
            KeptVersion version = kept.get(i);
            if (version.number() == number && version.redactedBy() == null) {
                release(version);
                redactedTraces.add(version.sha256());
                redactedTraces.add(version.blob());
                kept.set(i, version.redacted(actor, now));
                setVersions(key, kept);
                dirty = true;
            }
        }
    }

    @Override
    public List<String> keys() {
        List<String> keys = new ArrayList<>();
        versions.forEach((key, list) -> keys.add(key));
        return keys;
    }

    /** Returns whether the unit changed anything, so that there is something to commit. */
    boolean dirty() {
        return dirty;
    }

    /** Returns whether the unit redacted a version, whose content and SHA-256 must leave every manifest kept. */
    boolean redacted() {
        return !redactedTraces.isEmpty();
    }

    /** Returns the SHA-256 and content name of every version the unit redacted: what older heads must lose. */
    List<String> redactedTraces() {
        return List.copyOf(redactedTraces);
    }

    Manifest from() {
        return from;
    }

    LayeredMap<ManifestEntry> entries() {
        return entries;
    }

    LayeredMap<List<KeptVersion>> kept() {
        return versions;
    }

    long nextOrder() {
        return nextOrder;
    }

    Instant now() {
        return now;
    }

    /** Returns the contents the unit wrote, by blob name: what to upload before the commit. */
    Map<String, byte[]> uploads() {
        return uploads;
    }

    /** Returns the blobs the unit stopped naming that nothing else names either: what to delete after the commit. */
    Set<String> unnamed() {
        if (released.isEmpty()) {
            return Set.of();
        }
        Set<String> gone = new HashSet<>(released);
        gone.removeAll(named());
        return gone;
    }

    /** Returns the names of every content the draft's entries and versions name. */
    Set<String> named() {
        Set<String> named = new HashSet<>();
        entries.forEach((key, entry) -> {
            if (entry.blob() != null) {
                named.add(entry.blob());
            }
        });
        versions.forEach((key, list) -> list.forEach(version -> {
            if (version.blob() != null) {
                named.add(version.blob());
            }
        }));
        return named;
    }

    static byte[] randomBytes(int count) {
        byte[] bytes = new byte[count];
        RANDOM.nextBytes(bytes);
        return bytes;
    }
}
