package dev.memdir.desk;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.MemoryFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A file's history a page at a time, each version with the diff to what followed it. */
final class HistoryPages {

    private HistoryPages() {}

    /** Returns page {@code page} (from 0, past the last: the last) of the history of {@code path}, newest first. */
    static HistoryPage read(MemoryFiles files, MemoryPath path, int page) throws IOException, CommandException {
        List<FileVersion> versions = files.versions(path);
        if (versions.isEmpty() && !files.entry(path).exists()) {
            throw new CommandException(Messages.notFound(path.display()));
        }
        int perPage = MemoryDesk.VERSIONS_PER_PAGE;
        int pages = Math.max(1, (versions.size() + perPage - 1) / perPage);
        int shown = Math.min(Math.max(0, page), pages - 1);
        int from = shown * perPage;
        int to = Math.min(versions.size(), from + perPage);
        Optional<String> after = from == 0 ? current(files, path) : content(files, path, versions.get(from - 1));
        List<HistoryPage.Change> changes = new ArrayList<>();
        for (FileVersion version : versions.subList(from, to)) {
            Optional<String> before = content(files, path, version);
            Optional<String> followed = switch (version.operation()) {
                case DELETE -> Optional.of("");
                case RENAME -> before;
                default -> after;
            };
            changes.add(new HistoryPage.Change(version,
                    before.isPresent() && followed.isPresent()
                            ? Optional.of(LineDiff.between(before.get(), followed.get()))
                            : Optional.empty()));
            after = before;
        }
        return new HistoryPage(path, changes, shown, pages, versions.size());
    }

    private static Optional<String> current(MemoryFiles files, MemoryPath path) throws IOException, CommandException {
        return files.entry(path).isFile() ? Optional.of(new String(files.read(path), StandardCharsets.UTF_8))
                : Optional.of("");
    }

    private static Optional<String> content(MemoryFiles files, MemoryPath path, FileVersion version)
            throws IOException {
        return version.redacted() ? Optional.empty()
                : files.version(path, version.number()).map(bytes -> new String(bytes, StandardCharsets.UTF_8));
    }
}
