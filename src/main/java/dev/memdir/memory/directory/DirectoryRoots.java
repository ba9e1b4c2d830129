package dev.memdir.memory.directory;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

/** Which directories are (or were) a directory store's root, told by the reserved entries only a root holds. */
public final class DirectoryRoots {

    /** The lock, which opening a store creates, then the usage ledger and the history, which its changes do. */
    private static final List<String> ONLY_IN_A_ROOT = List.of(RootLock.FILE_NAME, UsageLedger.FILE_NAME,
            History.DIRECTORY);

    private DirectoryRoots() {}

    /** Whether {@code directory} holds an entry that only a store's root holds (a link there is not followed). */
    public static boolean isRoot(Path directory) {
        return ONLY_IN_A_ROOT.stream().anyMatch(name -> Files.exists(directory.resolve(name),
                LinkOption.NOFOLLOW_LINKS));
    }
}
