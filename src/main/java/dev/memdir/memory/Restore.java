package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.HistoryMessages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.Entry;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.MemoryFiles;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * {@code memdir restore}: writes version {@code number} (else the newest) of a file back, keeping what is there
 * now in the history first, so that a restore can be undone too. A file renamed into the {@link Archive} (as
 * {@code memdir prune} does) is moved back from there first, so that no copy stays behind.
 */
record Restore(MemoryPath path, Optional<Integer> number) implements MemoryCommand {

    @Override
    public String name() {
        return "restore";
    }

    @Override
    public CommandOutput run(MemoryFiles files, FrontmatterStamper stamper) throws IOException, CommandException {
        List<FileVersion> versions = files.versions(path);
        FileVersion version = versions.stream()
                .filter(candidate -> number.isEmpty() || candidate.number() == number.get())
                .findFirst()
                .orElseThrow(() -> new CommandException(HistoryMessages.noSuchVersion(path.display(), number)));
        if (version.redacted()) {
            FileVersion.Redaction redaction = version.redaction().get();
            throw new CommandException(HistoryMessages.redactedVersion(path.display(), version.number(),
                    redaction.actor(), redaction.time().toString()));
        }
        byte[] content = files.version(path, version.number()).orElseThrow(() -> new CommandException(
                HistoryMessages.noSuchVersion(path.display(), Optional.of(version.number()))));
        Entry entry = files.entry(path);
        if (entry.exists() && !entry.isFile()) {
            throw new CommandException(HistoryMessages.notAFileToRestore(path.display()));
        }
        String restored = HistoryMessages.restored(path.display(), version.number(), version.time().toString());
        Optional<MemoryPath> archived = archived(files, entry, versions.get(0));
        if (archived.isEmpty()) {
            files.write(path, content, FileVersion.Operation.RESTORE);
            return new CommandOutput.Text(restored);
        }
        files.move(archived.get(), path);
        String movedBack = HistoryMessages.movedBack(path.display(), archived.get().display());
        if (number.isEmpty()) {
            return new CommandOutput.Text(movedBack);
        }
        files.write(path, content, FileVersion.Operation.RESTORE);
        return new CommandOutput.Text(movedBack + ". " + restored);
    }

    /**
     * Returns the archived file that {@code path} (its {@code entry}, its {@code newest} version) left for: the file
     * at its place in the {@link Archive}, when {@code path} has none and was last renamed there (or renamed by a
     * memdir that did not record where to). Restoring a file that way moves it back rather than leave a copy in the
     * archive.
     */
    private Optional<MemoryPath> archived(MemoryFiles files, Entry entry, FileVersion newest)
            throws IOException, CommandException {
        MemoryPath archived = Archive.of(path);
        boolean renamedThere = newest.operation() == FileVersion.Operation.RENAME && newest.renamedTo()
                .map(to -> to.segments().equals(archived.segments())).orElse(true);
        if (entry.exists() || Archive.FOLDER.contains(path) || !renamedThere) {
            return Optional.empty();
        }
        return files.entry(archived).isFile() ? Optional.of(archived) : Optional.empty();
    }
}
