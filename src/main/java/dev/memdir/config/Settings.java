package dev.memdir.config;

import dev.memdir.index.IndexBudget;
import dev.memdir.instructions.InstructionLocations;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.StoreLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * What {@code memdir serve} runs with, after flags, environment and config file were merged.
 *
 * @param root the memory root directory ({@code /memories} on disk), when {@code store} is empty
 * @param store the memory in a PostgreSQL database or an S3 bucket that {@code --store} chose, if any; else the
 *     directory store
 * @param storeTimeout how long a call waits for the database or the bucket
 * @param tools how the memory commands are published
 * @param readOnly whether only {@code view} is offered
 * @param maxFileBytes the most one memory file may hold
 * @param maxRootBytes the most all memory files together may hold
 * @param maxFiles the most memory files the root may hold
 * @param logLevel the logback level for stderr (and the log file)
 * @param logFile where logs are also written, if anywhere
 * @param indexBudget the budget of MEMORY.md
 * @param sessionId the session id given by flag or environment; otherwise one is made per session
 * @param project the project directory given by flag, environment or file; otherwise the client's first root,
 *     else the working directory
 * @param instructions where instruction files are looked for (with the working directory as the project when
 *     none was given)
 * @param searchTool whether recall is also published as a seventh tool, {@code search}
 * @param history how many earlier versions of files the root keeps
 * @param staleAfter how long a file may go untouched before it counts as stale
 * @param oauth how HTTP requests are authenticated as an OAuth 2.1 resource server, if they are
 * @param http how {@code serve --http} serves, when it does
 * @param keyFile the key file the memory is encrypted under, if it is (its owner alone may read it)
 * @param recall how recall ranks
 * @param context what memories Claude Code's hooks bring unasked
 */
public record Settings(Path root, Optional<NamespaceMemory> store, Duration storeTimeout,
        ToolLayout tools, boolean readOnly, long maxFileBytes, long maxRootBytes,
        long maxFiles, String logLevel,
        Optional<Path> logFile, IndexBudget indexBudget, Optional<String> sessionId, Optional<Path> project,
        InstructionLocations instructions, boolean searchTool, HistoryLimits history,
        Duration staleAfter, Optional<OAuthSettings> oauth, HttpSettings http, Optional<Path> keyFile,
        RecallSettings recall, ContextSettings context) {

    /** Returns the memory as messages name it: its namespace of a database or a bucket, else its root. */
    public String memoryName() {
        return store.map(NamespaceMemory::toString).orElse(root.toString());
    }

    /** Returns the limits of the memory store. */
    public StoreLimits limits() {
        return new StoreLimits(maxFileBytes, maxRootBytes, maxFiles);
    }

    /** Returns these settings with the memory root {@code root}. */
    public Settings withRoot(Path root) {
        return with(root, store, readOnly);
    }

    /** Returns these settings with the memory in a database or a bucket {@code store} (empty: the directory store). */
    public Settings withStore(Optional<NamespaceMemory> store) {
        return with(root, store, readOnly);
    }

    /** Returns these settings read-only or not, as {@code readOnly} says. */
    public Settings withReadOnly(boolean readOnly) {
        return with(root, store, readOnly);
    }

    /** The one copy of every field: the fields callers vary are the memory and whether it is read-only. */
    private Settings with(Path root, Optional<NamespaceMemory> store, boolean readOnly) {
        return new Settings(root, store, storeTimeout, tools, readOnly, maxFileBytes, maxRootBytes, maxFiles,
                logLevel, logFile, indexBudget, sessionId, project, instructions, searchTool, history, staleAfter,
                oauth, http, keyFile, recall, context);
    }
}
