package dev.memdir.memory;

/** A {@code view_range}: 1-based inclusive lines, {@code end == -1} meaning the end of the file. */
record ViewRange(long start, long end) {

    static final long TO_END = -1;
}
