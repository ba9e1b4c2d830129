package dev.memdir.desk;

import dev.memdir.memory.path.MemoryPath;
import java.util.List;

/**
 * One page of a directory's entries, directories first, then by name.
 *
 * @param directory the directory listed
 * @param entries the entries of this page
 * @param offset how many entries come before this page
 * @param total how many entries the directory holds
 */
public record DirectoryPage(MemoryPath directory, List<DeskEntry> entries, int offset, int total) {

    /** Returns whether entries come after this page. */
    public boolean hasMore() {
        return offset + entries.size() < total;
    }
}
