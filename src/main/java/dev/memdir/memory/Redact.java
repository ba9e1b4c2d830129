package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.HistoryMessages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.MemoryFiles;
import java.io.IOException;
import java.util.Optional;

/** {@code memdir history redact}: removes the content of version {@code number} of a file (a secret kept by mistake). */
record Redact(MemoryPath path, int number) implements MemoryCommand {

    @Override
    public String name() {
        return "redact";
    }

    @Override
    public Optional<MemoryPath> written() {
        return Optional.empty();
    }

    @Override
    public CommandOutput run(MemoryFiles files, FrontmatterStamper stamper) throws IOException, CommandException {
        FileVersion version = files.versions(path).stream()
                .filter(candidate -> candidate.number() == number)
                .findFirst()
                .orElseThrow(() -> new CommandException(
                        HistoryMessages.noSuchVersion(path.display(), Optional.of(number))));
        if (version.redacted()) {
            FileVersion.Redaction redaction = version.redaction().get();
            throw new CommandException(HistoryMessages.alreadyRedacted(path.display(), number, redaction.actor(),
                    redaction.time().toString()));
        }
        files.redact(path, number);
        return new CommandOutput.Text(HistoryMessages.redacted(path.display(), number));
    }
}
