package dev.memdir.memory.path;

import java.util.ArrayList;
import java.util.List;

/**
 * A parsed, validated virtual path under {@code /memories}: immutable, made only by {@link MemoryPathParser}.
 *
 * @param display the path as echoed back to the caller (the input with one trailing {@code /} dropped)
 * @param segments the names below the root, never empty strings, {@code .} or {@code ..}
 */
public record MemoryPath(String display, List<String> segments) {

    public static final String ROOT = "/memories";

    public MemoryPath {
        segments = List.copyOf(segments);
    }

    /**
     * Returns the path of {@code segments} below the root (the root itself when there are none), names a store
     * already holds (so valid ones).
     */
    public static MemoryPath of(List<String> segments) {
        return new MemoryPath(segments.isEmpty() ? ROOT : ROOT + "/" + String.join("/", segments), segments);
    }

    /** Returns whether this path names the memory root itself. */
    public boolean isRoot() {
        return segments.isEmpty();
    }

    /** Returns the last segment, or {@code memories} for the root. */
    public String fileName() {
        return isRoot() ? "memories" : segments.get(segments.size() - 1);
    }

    /** Returns whether {@code other} is this path or lies below it. */
    public boolean contains(MemoryPath other) {
        return other.segments.size() >= segments.size()
                && other.segments.subList(0, segments.size()).equals(segments);
    }

    /** Returns where this path is once {@code from}, which {@link #contains} it, is moved to {@code to}. */
    public MemoryPath movedWith(MemoryPath from, MemoryPath to) {
        List<String> moved = new ArrayList<>(to.segments);
        moved.addAll(segments.subList(from.segments.size(), segments.size()));
        return of(moved);
    }

    @Override
    public String toString() {
        return display;
    }
}
