package dev.memdir.memory.s3;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.Entry;
import dev.memdir.memory.store.EntryTable;
import dev.memdir.memory.store.ListedFile;
import dev.memdir.memory.store.Sha256;
import dev.memdir.memory.store.StoredFile;
import dev.memdir.memory.store.TableKeys;
import dev.memdir.memory.store.TableRow;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/** The files and directories of a draft, by key, laid over the manifest the unit of work started from. */
final class DraftEntries implements EntryTable {

    private final LayeredMap<ManifestEntry> entries;
    private final DraftContents contents;
    private final String now;
    private boolean changed;

    DraftEntries(LayeredMap<ManifestEntry> entries, DraftContents contents, Instant now) {
        this.entries = entries.copy();
        this.contents = contents;
        this.now = now.toString();
    }

    /** A file of the draft: its content is read only when asked. */
    private record DraftFile(String key, ManifestEntry entry, DraftContents contents) implements StoredFile {
        @Override
        public long size() {
            return entry.size();
        }

        @Override
        public byte[] content() throws IOException {
            return contents.read(key, entry.blob());
        }
    }

    /** Returns the entry {@code key} names, or null. */
    ManifestEntry get(String key) {
        return entries.get(key);
    }

    LayeredMap<ManifestEntry> map() {
        return entries;
    }

    boolean changed() {
        return changed;
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
        return entry != null && entry.isFile() ? Optional.of(new DraftFile(key, entry, contents)) : Optional.empty();
    }

    @Override
    public void prefetch(List<String> keys) {
        List<String> names = new ArrayList<>();
        for (String key : keys) {
            ManifestEntry entry = entries.get(key);
            if (entry != null && entry.isFile()) {
                names.add(entry.blob());
            }
        }
        contents.prefetch(names);
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
                files.add(new DraftFile(inside, entry, contents));
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
        entries.put(key, ManifestEntry.directory(now));
        changed = true;
    }

    @Override
    public void putFile(String key, byte[] content) throws IOException {
        entries.put(key, ManifestEntry.file(content.length, Sha256.hex(content), contents.upload(key, content), now));
        changed = true;
    }

    @Override
    public void deleteTree(String key) {
        List<String> gone = new ArrayList<>();
        forEachInTree(key, (inside, entry) -> gone.add(inside));
        gone.forEach(entries::remove);
        changed = true;
    }

    @Override
    public void moveTree(String from, String to) throws IOException {
        Map<String, ManifestEntry> moving = new LinkedHashMap<>();
        forEachInTree(from, moving::put);
        moving.keySet().forEach(entries::remove);
        contents.prefetch(moving.values().stream().filter(ManifestEntry::isFile).map(ManifestEntry::blob).toList());
        for (Map.Entry<String, ManifestEntry> each : moving.entrySet()) {
            String key = to + each.getKey().substring(from.length());
            ManifestEntry entry = each.getValue();
            entries.put(key, entry.isFile() ? entry.withBlob(contents.moved(entry.blob(), each.getKey(), key)) : entry);
        }
        changed = true;
    }

    /** Seals every file's content again under the newest data key; see {@link DraftContents#resealed}. */
    void reseal() throws IOException {
        Map<String, ManifestEntry> files = new LinkedHashMap<>();
        entries.forEach((key, entry) -> {
            if (entry.isFile()) {
                files.put(key, entry);
            }
        });
        contents.prefetch(files.values().stream().map(ManifestEntry::blob).toList());
        for (Map.Entry<String, ManifestEntry> file : files.entrySet()) {
            ManifestEntry entry = file.getValue();
            entries.put(file.getKey(), entry.withBlob(contents.resealed(file.getKey(), entry.blob())));
            changed = true;
        }
    }

    /** Calls {@code action} with the entry {@code key} and every entry below it, in key order. */
    private void forEachInTree(String key, BiConsumer<String, ManifestEntry> action) {
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
}
