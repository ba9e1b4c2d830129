package dev.memdir.memory.store;

/**
 * What a memory path names, as a command needs to know it; a link is seen as a link, never through.
 *
 * @param size the entry's size in bytes as a listing shows it (0 when absent)
 */
public record Entry(Kind kind, long size) {

    public enum Kind {
        ABSENT,
        FILE,
        DIRECTORY,
        /** A symbolic link whose target stays inside the memory (one that leaves it is refused, never an entry). */
        LINK,
        /** Anything else a file system may hold (a pipe, a socket, a device). */
        OTHER
    }

    public static final Entry ABSENT = new Entry(Kind.ABSENT, 0);

    public boolean exists() {
        return kind != Kind.ABSENT;
    }

    public boolean isFile() {
        return kind == Kind.FILE;
    }

    public boolean isDirectory() {
        return kind == Kind.DIRECTORY;
    }
}
