package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.frontmatter.Stamp;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.Sha256;
import java.io.IOException;

/**
 * A person's edit of a whole file: written only if the file still holds what the person started from ({@code base},
 * its SHA-256), so that an agent's write in between is never overwritten unseen. The file is read, compared and
 * written in the one unit of work the command runs in, so nothing can come between the three.
 */
record Revise(MemoryPath path, String base, String fileText) implements MemoryCommand {

    @Override
    public String name() {
        return "revise";
    }

    @Override
    public CommandOutput run(MemoryFiles files, FrontmatterStamper stamper) throws IOException, CommandException {
        if (!files.entry(path).isFile()) {
            throw new CommandException(Messages.notFound(path.display()));
        }
        byte[] now = files.read(path);
        String text = withLineEndsOf(TextContent.decodeForView(now), fileText);
        if (!Sha256.hex(now).equals(base)) {
            throw new RevisionConflict(path, now, text);
        }
        Stamp stamp = stamper.stamp(text, false);
        files.write(path, TextContent.encode(stamp.content()));
        return new CommandOutput.Text(
                Messages.withStampNote(Messages.saved(path.display()), path.display(), stamp.problem()));
    }

    /**
     * A browser posts a text area's lines ended with CRLF, whatever the file had: the text gets the file's own line
     * ends back, CRLF where the file has them, LF otherwise.
     */
    static String withLineEndsOf(String file, String text) {
        String lf = text.replace("\r\n", "\n");
        return file.contains("\r\n") ? lf.replace("\n", "\r\n") : lf;
    }
}
