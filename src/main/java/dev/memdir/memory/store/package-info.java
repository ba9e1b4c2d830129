/**
 * The store contract: what every store implements and every command relies on. A store
 * ({@link dev.memdir.memory.store.MemoryStore}) runs a command's work ({@link dev.memdir.memory.store.StoreWork})
 * as one unit over its files ({@link dev.memdir.memory.store.MemoryFiles}), within the limits
 * ({@link dev.memdir.memory.store.StoreLimits}, {@link dev.memdir.memory.store.HistoryLimits}); a command's own
 * failure is a {@link dev.memdir.memory.store.CommandException}, a store that cannot run it a
 * {@link dev.memdir.memory.store.StoreFault}. Beside the memory each store keeps recall's vectors
 * ({@link dev.memdir.memory.store.VectorShelf}: a {@link dev.memdir.memory.store.SegmentSpace} of its own under a
 * {@link dev.memdir.memory.store.SealedShelf}). The stores are {@code directory}, {@code postgres} and {@code s3};
 * only the wiring that opens one, and its own tests, name a store's package.
 */
package dev.memdir.memory.store;
