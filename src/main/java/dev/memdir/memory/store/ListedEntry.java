package dev.memdir.memory.store;

/**
 * One line of a directory listing: a listed file or directory below the directory viewed, in the order shown.
 *
 * @param path the virtual path ({@code /memories/notes/a.md})
 */
public record ListedEntry(String path, boolean directory, long size) {}
