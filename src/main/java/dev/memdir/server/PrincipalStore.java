package dev.memdir.server;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.ChangeFeed;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.StoreWork;
import dev.memdir.memory.store.Usage;
import dev.memdir.memory.store.VectorShelf;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.Collection;
import java.util.List;

/**
 * A principal's memory as its server answers about it: it lives at {@code /memories}, and no failure carries a path
 * on the host (the directory store's file-system errors name the file on disk, which an error text would show).
 */
final class PrincipalStore implements MemoryStore {

    private final MemoryStore store;

    PrincipalStore(MemoryStore store) {
        this.store = store;
    }

    /** A call to the store. */
    @FunctionalInterface
    private interface Call<T, E extends Exception> {
        T run() throws IOException, E;
    }

    @Override
    public <T> T change(StoreWork<T> work) throws IOException, CommandException {
        return pathless(() -> store.change(work));
    }

    @Override
    public <T> T read(StoreWork<T> work) throws IOException, CommandException {
        return pathless(() -> store.read(work));
    }

    @Override
    public String location() {
        return MemoryPath.ROOT;
    }

    @Override
    public Usage usage() throws IOException {
        return pathless(store::usage);
    }

    @Override
    public VectorShelf vectors() {
        VectorShelf shelf = store.vectors();
        return new VectorShelf() {
            @Override
            public List<Segment> segments() throws IOException {
                return pathless(shelf::segments);
            }

            @Override
            public void add(byte[] segment) throws IOException {
                pathless(() -> {
                    shelf.add(segment);
                    return null;
                });
            }

            @Override
            public void replace(Collection<String> ids, byte[] merged) throws IOException {
                pathless(() -> {
                    shelf.replace(ids, merged);
                    return null;
                });
            }
        };
    }

    @Override
    public ChangeFeed changes() {
        return store.changes();
    }

    @Override
    public void close() throws IOException {
        store.close();
    }

    private static <T, E extends Exception> T pathless(Call<T, E> call) throws IOException, E {
        try {
            return call.run();
        } catch (FileSystemException e) {
            throw withoutPaths(e);
        }
    }

    /** Returns the same failure, of the same kind where callers tell kinds apart, with its reason only. */
    private static FileSystemException withoutPaths(FileSystemException e) {
        FileSystemException bare;
        if (e instanceof AccessDeniedException) {
            bare = new AccessDeniedException(null, null, reason(e, "permission denied"));
        } else if (e instanceof NoSuchFileException) {
            bare = new NoSuchFileException(null, null, reason(e, "no such file"));
        } else {
            bare = new FileSystemException(null, null, reason(e, "file system error"));
        }
        bare.initCause(e);
        return bare;
    }

    private static String reason(FileSystemException e, String otherwise) {
        return e.getReason() != null ? e.getReason() : otherwise;
    }
}
