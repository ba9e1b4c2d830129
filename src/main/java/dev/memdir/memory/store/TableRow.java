package dev.memdir.memory.store;

/**
 * An entry of an {@link EntryTable} as a listing needs it.
 *
 * @param key the entry's key (see {@link TableKeys})
 * @param parent its parent directory's key ({@code ""} the root)
 * @param name its last name
 */
public record TableRow(String key, String parent, String name, boolean directory, long size) {}
