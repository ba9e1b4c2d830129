package dev.memdir.desk;

import dev.memdir.memory.path.MemoryPath;

/**
 * A file as it was read: its text and the SHA-256 of its bytes, which an edit of it names as where it started.
 */
public record OpenedFile(MemoryPath path, String text, String sha256, long size) {}
