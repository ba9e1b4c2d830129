package dev.memdir.desk;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.FileVersion;

/**
 * A path the history keeps versions of and the memory no longer holds: a file deleted, or moved away.
 *
 * @param path where the file was
 * @param last its newest kept version, which says how it went (deleted, renamed, and where to), when and by whom
 */
public record GoneFile(MemoryPath path, FileVersion last) {}
