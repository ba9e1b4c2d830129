/**
 * The directory store ({@link dev.memdir.memory.directory.DirectoryStore}): the memory is a directory on disk. A
 * unit of work ({@code DirectoryFiles}) opens the root once and reaches every entry from it one name at a time
 * ({@code Located}, {@code OpenedDirectory}: {@code SecureDirectory} where the JDK can, else {@code PathDirectory}),
 * following no link; writes are atomic ({@code AtomicFiles}) under the lock every memdir process sharing the root
 * respects ({@code RootLock}); earlier versions are kept in {@code .memdir-history} ({@code History}), recall's
 * vectors in {@code .memdir-vectors} ({@code VectorSegments}) and the totals in {@code .memdir-usage}
 * ({@code UsageLedger}); the root is watched for changes whoever made them
 * ({@code RootWatcher}); what earlier processes left is cleared as it opens ({@code Leftovers}). Beside the store,
 * two things of memdir's own in a root that the HTTP server and the token store use:
 * {@link dev.memdir.memory.directory.ReservedFile} and {@link dev.memdir.memory.directory.DirectoryRoots}.
 */
package dev.memdir.memory.directory;
