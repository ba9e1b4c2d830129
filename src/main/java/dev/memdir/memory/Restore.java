package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.HistoryMessages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.Entry;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.MemoryFiles;
import java.io.IOException;
import java.util.Optional;

/**
 * {@code memdir restore}: writes version {@code number} (else the newest) of a file back, keeping what is there
 * now in the history first, so that a restore can be undone too.
 */
record Restore(MemoryPath path, Optional<Integer> number) implements MemoryCommand {

    @Override
    public String name() {
        return "restore";
    }

    @Override
    public CommandOutput run(MemoryFiles files, FrontmatterStamper stamper) throws IOException, CommandException {
        FileVersion version = files.versions(path).stream()
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
        files.write(path, content, FileVersion.Operation.RESTORE);
        return new CommandOutput.Text(
                HistoryMessages.restored(path.display(), version.number(), version.time().toString()));
    }
}
