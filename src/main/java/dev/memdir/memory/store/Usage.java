package dev.memdir.memory.store;

/** How much a memory holds: its memory files (hidden ones included, memdir's own not) and their total bytes. */
public record Usage(long files, long bytes) {

    /** Returns these totals moved by {@code files} and {@code bytes} (negative for what was removed). */
    public Usage plus(long files, long bytes) {
        return new Usage(this.files + files, this.bytes + bytes);
    }
}
