package dev.memdir.memory.s3;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Contents of immutable objects by name, the least recently used going first past a byte budget. An object never
 * changes once written, so nothing here is ever stale; only whether a head still names it is the store's question.
 */
final class ObjectCache {

    private final long budget;
    private final LinkedHashMap<String, byte[]> cached = new LinkedHashMap<>(16, 0.75f, true);
    private long bytes;

    ObjectCache(long budget) {
        this.budget = budget;
    }

    synchronized byte[] get(String name) {
        byte[] content = cached.get(name);
        return content == null ? null : content.clone();
    }

    synchronized void put(String name, byte[] content) {
        if (content.length > budget) {
            return;
        }
        byte[] replaced = cached.put(name, content.clone());
        bytes += content.length - (replaced == null ? 0 : replaced.length);
        var oldest = cached.entrySet().iterator();
        while (bytes > budget && oldest.hasNext()) {
            Map.Entry<String, byte[]> eldest = oldest.next();
            bytes -= eldest.getValue().length;
            oldest.remove();
        }
    }
}
