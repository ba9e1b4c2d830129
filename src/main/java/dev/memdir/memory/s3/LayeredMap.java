package dev.memdir.memory.s3;

import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * A sorted map by key as a head holds it: an immutable base (shared by every state built on it) and a small delta
 * over it, where a null value says the base's value is gone.
 */
final class LayeredMap<V> {

    private final NavigableMap<String, V> base;
    private final TreeMap<String, V> delta;

    LayeredMap(NavigableMap<String, V> base, Map<String, V> delta) {
        this.base = base;
        this.delta = new TreeMap<>(delta);
    }

    /** Returns a copy whose changes this map does not see: it shares the base and copies the delta. */
    LayeredMap<V> copy() {
        return new LayeredMap<>(base, delta);
    }

    V get(String key) {
        return delta.containsKey(key) ? delta.get(key) : base.get(key);
    }

    void put(String key, V value) {
        delta.put(key, value);
    }

    void remove(String key) {
        if (base.containsKey(key)) {
            delta.put(key, null);
        } else {
            delta.remove(key);
        }
    }

    /** Calls {@code action} with every key from {@code from} (inclusive) to {@code to} (exclusive), in order. */
    void forEachIn(String from, String to, BiConsumer<String, V> action) {
        walk(base.subMap(from, true, to, false), delta.subMap(from, true, to, false), action);
    }

    /** Calls {@code action} with every key, in order. */
    void forEach(BiConsumer<String, V> action) {
        walk(base, delta, action);
    }

    /**
     * Walks the base and the delta side by side, in key order, the delta's value (or its absence) winning: nothing
     * is copied, so a listing or a scan of a large manifest costs one pass.
     */
    private static <V> void walk(NavigableMap<String, V> base, NavigableMap<String, V> delta,
            BiConsumer<String, V> action) {
        Iterator<Map.Entry<String, V>> changes = delta.entrySet().iterator();
        Map.Entry<String, V> change = changes.hasNext() ? changes.next() : null;
        for (Map.Entry<String, V> kept : base.entrySet()) {
            while (change != null && change.getKey().compareTo(kept.getKey()) < 0) {
                accept(change, action);
                change = changes.hasNext() ? changes.next() : null;
            }
            if (change != null && change.getKey().equals(kept.getKey())) {
                accept(change, action);
                change = changes.hasNext() ? changes.next() : null;
            } else {
                action.accept(kept.getKey(), kept.getValue());
            }
        }
        while (change != null) {
            accept(change, action);
            change = changes.hasNext() ? changes.next() : null;
        }
    }

    private static <V> void accept(Map.Entry<String, V> change, BiConsumer<String, V> action) {
        if (change.getValue() != null) {
            action.accept(change.getKey(), change.getValue());
        }
    }

    /** Returns the delta: what replaces the base's values, null where they are gone. */
    NavigableMap<String, V> delta() {
        return Collections.unmodifiableNavigableMap(delta);
    }

    /** Returns the whole map, base and delta folded into one. */
    NavigableMap<String, V> folded() {
        return Collections.unmodifiableNavigableMap(merged(base, delta));
    }

    private static <V> TreeMap<String, V> merged(NavigableMap<String, V> base, NavigableMap<String, V> delta) {
        TreeMap<String, V> merged = new TreeMap<>(base);
        delta.forEach((key, value) -> {
            if (value == null) {
                merged.remove(key);
            } else {
                merged.put(key, value);
            }
        });
        return merged;
    }
}
