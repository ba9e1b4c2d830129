package dev.memdir.memory;

/** How much a memory root holds: visible regular files and their total bytes. */
public record Usage(long files, long bytes) {}
