package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.Entry;
import dev.memdir.memory.store.MemoryFiles;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** {@code view}: a directory listing two levels deep, a numbered (and paged) file, or an image. */
record View(MemoryPath path, Optional<ViewRange> range) implements MemoryCommand {

    private static final Map<String, String> IMAGE_TYPES =
            Map.of("png", "image/png", "jpg", "image/jpeg", "jpeg", "image/jpeg");

    @Override
    public String name() {
        return "view";
    }

    @Override
    public boolean writes() {
        return false;
    }

    @Override
    public Optional<MemoryPath> written() {
        return Optional.empty();
    }

    @Override
    public CommandOutput run(MemoryFiles files, FrontmatterStamper stamper) throws IOException, CommandException {
        Entry entry = files.entry(path);
        if (entry.isDirectory()) {
            return new CommandOutput.Text(DirectoryListing.render(path.display(), entry.size(),
                    files.list(path, DirectoryListing.DEPTH)));
        }
        byte[] bytes = files.read(path);
        Optional<String> imageType = imageType();
        if (imageType.isPresent()) {
            return new CommandOutput.Image(bytes, imageType.get());
        }
        return new CommandOutput.Text(FileView.render(path.display(), TextContent.decodeForView(bytes), range));
    }

    private Optional<String> imageType() {
        String name = path.fileName();
        int dot = name.lastIndexOf('.');
        return dot < 0
                ? Optional.empty()
                : Optional.ofNullable(IMAGE_TYPES.get(name.substring(dot + 1).toLowerCase(Locale.ROOT)));
    }
}
