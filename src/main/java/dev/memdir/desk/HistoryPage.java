package dev.memdir.desk;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.FileVersion;
import java.util.List;
import java.util.Optional;

/**
 * One page of a file's history, newest change first.
 *
 * @param path the file
 * @param changes the changes of this page
 * @param page this page's number, from 0
 * @param pages how many pages there are (at least 1)
 * @param total how many versions are kept
 */
public record HistoryPage(MemoryPath path, List<Change> changes, int page, int pages, int total) {

    /**
     * One kept version and what the change that kept it did: the diff from the version to what followed it (the
     * next version, or the file as it is now). Empty when either side's content is redacted.
     */
    public record Change(FileVersion version, Optional<List<DiffLine>> diff) {}
}
