package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.store.KeyRecord;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A root's key record: the reserved file {@code .memdir-data-key} (no path names it, no listing shows it), owner-only.
 * It is created whole or not at all: written to a temp file, flushed, then linked into place, which fails when a
 * record is there already (the loser reads the winner's); a rotation replaces it atomically under the root lock.
 */
final class DirectoryKeyRecord implements KeyRecord {

    static final String FILE_NAME = MemoryNames.RESERVED_PREFIX + "-data-key";

    private final Path root;

    /** The key record of {@code root}, a real path. */
    DirectoryKeyRecord(Path root) {
        this.root = root;
    }

    @Override
    public Optional<byte[]> read() throws IOException {
        return ReservedFile.in(root, FILE_NAME).read();
    }

    @Override
    public byte[] create(byte[] record) throws IOException {
        String temp = AtomicFiles.tempName();
        try (OpenedDirectory opened = OpenedDirectory.open(root)) {
            try {
                try (FileChannel channel = opened.newFile(temp)) {
                    ByteBuffer buffer = ByteBuffer.wrap(record);
                    while (buffer.hasRemaining()) {
                        channel.write(buffer);
                    }
                    channel.force(true);
                }
                Files.createLink(root.resolve(FILE_NAME), root.resolve(temp));
                opened.sync();
                return record;
            } catch (FileAlreadyExistsException lost) {
                return read().orElseThrow(() -> lost);
            } finally {
                opened.deleteIfExists(temp);
            }
        }
    }

    @Override
    public void replace(byte[] record) throws IOException {
        try (OpenedDirectory opened = OpenedDirectory.open(root)) {
            AtomicFiles.writePrivate(opened, FILE_NAME, record);
        }
    }

    @Override
    public boolean holdsAnything() throws IOException {
        try (OpenedDirectory opened = OpenedDirectory.open(root)) {
            for (String name : opened.names()) {
                if (!MemoryNames.reserved(name)) {
                    return true;
                }
            }
            Optional<OpenedDirectory> history = opened.existingDirectory(History.DIRECTORY);
            if (history.isPresent()) {
                try (OpenedDirectory versions = history.get()) {
                    if (!versions.names().isEmpty()) {
                        return true;
                    }
                }
            }
            return VectorSegments.any(opened);
        }
    }
}
