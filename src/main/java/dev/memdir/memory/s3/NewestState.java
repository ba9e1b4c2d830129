package dev.memdir.memory.s3;

import dev.memdir.memory.render.FaultMessages;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.StoreFault;
import java.io.Closeable;
import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * A namespace's newest state as this process knows it: checked against the commit log before each call, replaced by
 * this process's own commits, and reported to the store's watchers ({@link HeadWatchers}).
 */
final class NewestState implements Closeable {

    /** Past this, a head this process validated may name a commit the sweep could prune: find the newest cold. */
    private static final long WARM_NANOS = TimeUnit.MINUTES.toNanos(30);

    private final CommitLog log;
    private final ObjectCalls objects;
    private final ObjectFaults faults;
    private final String namespace;
    private final Supplier<ContentSeal> seal;
    private final HeadWatchers watchers = new HeadWatchers(this::validated);
    private final Object validating = new Object();
    private volatile Manifest current;
    private long validatedAt;

    NewestState(CommitLog log, ObjectCalls objects, ObjectFaults faults, String namespace,
            Supplier<ContentSeal> seal) {
        this.log = log;
        this.objects = objects;
        this.faults = faults;
        this.namespace = namespace;
        this.seal = seal;
    }

    /**
     * Returns the newest state: one request when this process knows a recent head (the next commit's key, absent
     * while nothing changed), three when it does not (the hint, a listing from it, the newest commit).
     */
    Manifest validated() throws IOException {
        synchronized (validating) {
            Manifest known = current;
            boolean cold = known == null || System.nanoTime() - validatedAt > WARM_NANOS;
            Manifest newest;
            try {
                Optional<Commit> commit = cold ? log.latest() : log.newerThan(known.generation());
                newest = commit.isEmpty() ? (cold ? empty() : known) : loaded(commit.get(), known);
            } catch (SdkException e) {
                throw faults.of(e);
            }
            validatedAt = System.nanoTime();
            if (newest != known) {
                current = newest;
                watchers.heard(newest);
            }
            return newest;
        }
    }

    /**
     * Returns the state of a namespace with no commit, unless its hint names one: a commit was made, so its commits
     * were removed by hand, and an empty memory started over its objects would hide them.
     */
    private Manifest empty() throws StoreFault {
        if (log.hinted() > 0) {
            FaultMessages.Outage missing = FaultMessages.Outage.COMMITS_MISSING;
            throw new StoreFault(FaultMessages.storeUnavailable(missing),
                    new IOException(FaultMessages.reason(missing)));
        }
        return Manifest.empty(namespace);
    }

    /** Returns the state {@code commit} holds, its base read unless {@code known} builds on the same. */
    private Manifest loaded(Commit commit, Manifest known) throws IOException {
        if (known != null && known.generation() == commit.sequence()) {
            return known;
        }
        ContentSeal sealing = seal.get();
        Head head = HeadJson.head(ManifestSeal.open(sealing, CommitLog.name(commit.sequence()), commit.payload()),
                commit.sequence(), namespace);
        if (known != null && Objects.equals(known.head().base(), head.base())) {
            return known.next(head);
        }
        String base = head.base() == null ? null : head.base().key();
        return new Manifest(head, base == null ? null
                : HeadJson.base(ManifestSeal.open(sealing, base, objects.get(base)), base));
    }

    /** Makes {@code committed} the state the next call validates, and reports it. */
    void published(Manifest committed) {
        synchronized (validating) {
            current = committed;
            validatedAt = System.nanoTime();
            watchers.heard(committed);
        }
    }

    /** Polls the next commit's key every {@link HeadWatchers#POLL} and reports what each new commit changed. */
    Closeable watch(Consumer<MemoryChanges> listener) {
        return watchers.add(listener, current);
    }

    @Override
    public void close() {
        watchers.close();
    }
}
