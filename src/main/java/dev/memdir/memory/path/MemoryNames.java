package dev.memdir.memory.path;

/**
 * The one rule of which names in a memory are memdir's own, and which a listing leaves out. Every walk, listing,
 * count, watcher and the path parser ask here.
 *
 * <ul>
 *   <li>Reserved ({@code .memdir*}: the lock, the usage ledger, temp files, the history): memdir's own. No path can
 *       name them, no figure counts them, no listing shows them.
 *   <li>Hidden (any other dot-name, and {@code node_modules}): a path can name them and they count against the
 *       limits, as every file a model can write must; listings, status entries, recall and completions leave them
 *       out, as the reference memory tool's listing does.
 * </ul>
 */
public final class MemoryNames {

    /** The prefix of every name memdir keeps for itself inside the root. */
    public static final String RESERVED_PREFIX = ".memdir";

    private MemoryNames() {}

    /** Whether {@code name} is one of memdir's own entries. */
    public static boolean reserved(String name) {
        return name.startsWith(RESERVED_PREFIX);
    }

    /** Whether listings, status entries, recall and completions show an entry of this name. */
    public static boolean listed(String name) {
        return !name.startsWith(".") && !name.equals("node_modules");
    }
}
