package dev.memdir.memory;

import java.time.Instant;

/** One kept earlier version of a memory file: its number (counting from 1 per file), when it was replaced and by which session. */
public record FileVersion(int number, Instant time, String session, long size, String sha256) {}
