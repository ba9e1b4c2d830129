package dev.memdir.memory.s3;

import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.TableKeys;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The objects of a sealed namespace as its key opens them: each manifest opened at its name, each content at the
 * path a manifest names it for, the rest (the key record, the hint, what no manifest names) as stored. What the
 * holder of the key could read from the bucket, so that a test can tell what is gone from what is only sealed.
 */
public final class SealedObjects {

    private SealedObjects() {}

    /** Returns every object of {@code location}'s bucket by key, those of {@code namespace} opened under {@code keys}. */
    public static SortedMap<String, byte[]> opened(S3Location location, String namespace, MemoryKeys keys)
            throws IOException {
        SortedMap<String, byte[]> objects = LocalS3.objects(location);
        String space = location.key(S3Store.space(namespace) + "/");
        byte[] record = objects.get(space + "data-key");
        if (record == null) {
            return objects;
        }
        ContentSeal seal = keys.seal(namespace, record);
        Map<String, String> pathOfBlob = new HashMap<>();
        SortedMap<String, byte[]> opened = new TreeMap<>(objects);
        for (Map.Entry<String, byte[]> object : objects.entrySet()) {
            String name = object.getKey().startsWith(space) ? object.getKey().substring(space.length()) : "";
            try {
                if (name.startsWith("commits/")) {
                    byte[] json = ManifestSeal.open(seal, name, Commit.parse(1, object.getValue()).payload());
                    Head head = HeadJson.head(json, Long.parseLong(name.substring("commits/".length())), namespace);
                    named(head.entries(), head.versions(), pathOfBlob);
                    opened.put(object.getKey(), json);
                } else if (name.startsWith("bases/")) {
                    byte[] json = ManifestSeal.open(seal, name, object.getValue());
                    Base base = HeadJson.base(json, name);
                    named(base.entries(), base.versions(), pathOfBlob);
                    opened.put(object.getKey(), json);
                }
            } catch (IOException e) {
                // A blanked commit holds no head: it stays as stored.
            }
        }
        for (Map.Entry<String, String> blob : pathOfBlob.entrySet()) {
            byte[] stored = objects.get(space + blob.getKey());
            if (stored != null) {
                opened.put(space + blob.getKey(), seal.open(TableKeys.path(blob.getValue()), stored));
            }
        }
        return opened;
    }

    private static void named(Map<String, ManifestEntry> entries, Map<String, List<KeptVersion>> versions,
            Map<String, String> pathOfBlob) {
        entries.forEach((key, entry) -> {
            if (entry != null && entry.blob() != null) {
                pathOfBlob.put(entry.blob(), key);
            }
        });
        versions.forEach((key, list) -> {
            if (list != null) {
                list.stream().filter(version -> version.blob() != null)
                        .forEach(version -> pathOfBlob.put(version.blob(), key));
            }
        });
    }
}
