package dev.memdir.memory.s3;

import dev.memdir.memory.render.FaultMessages;
import dev.memdir.memory.render.KeyMessages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.Namespaces;
import dev.memdir.memory.store.SealChoice;
import dev.memdir.memory.store.SealRefusedException;
import dev.memdir.memory.store.SealedShelf;
import dev.memdir.memory.store.StoreFault;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.memory.store.StoreTurns;
import dev.memdir.memory.store.StoreWork;
import dev.memdir.memory.store.TableFiles;
import dev.memdir.memory.store.Usage;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A memory in an S3-compatible bucket, which many memdir processes on many machines share with no server between
 * them. The namespace's state is its newest commit: a head naming every entry and kept version, created with
 * {@code If-None-Match: *} as the next number of a {@link CommitLog}, so that of the writers that started from one
 * state exactly one commits the next, and each change is seen whole or not at all. See docs/stores.md, "Object
 * storage".
 *
 * <p>A change runs its work on a draft of the newest state, uploads what the draft wrote, then commits; when another
 * writer committed first it runs the work again on the new state. So a {@link StoreWork} given to
 * {@link #change} may run more than once, and must only read and write through the files it is given.
 *
 * <p>A namespace with a key record ({@code SPACE/data-key}) is encrypted: every content is sealed for the path it
 * lies at, and every manifest (head and base) whole, so that the bucket shows no file's name, size or hash.
 */
public final class S3Store implements MemoryStore {

    /** How long a call waits for the store, unless told otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    /** Past this, a head this process validated may name a commit the sweep could prune: find the newest cold. */
    private static final long WARM_NANOS = TimeUnit.MINUTES.toNanos(30);
    private static final int STALE_RETRIES = 3;
    private static final long CACHE_BYTES = 64L * 1024 * 1024;
    private static final Logger LOG = LoggerFactory.getLogger(S3Store.class);

    private final S3Client client;
    private final S3Location location;
    private final String namespace;
    private final StoreLimits limits;
    private final HistoryLimits history;
    private final String actor;
    private final Duration timeout;
    private final ObjectFaults faults;
    private final ObjectCalls objects;
    private final CommitLog log;
    private final ObjectCache cache = new ObjectCache(CACHE_BYTES);
    private final BlobReader blobs;
    private final ReentrantLock turn = new ReentrantLock(true);
    private final Object validating = new Object();
    private final AtomicLong changesMade = new AtomicLong();
    private final HeadWatchers watchers;
    private final Sweep sweep;
    private final Optional<MemoryKeys> keys;
    private final BucketKeyRecord keyRecord;
    private final ExecutorService background = Executors.newSingleThreadExecutor(task -> {
        Thread daemon = new Thread(task, "memdir-s3-background");
        daemon.setDaemon(true);
        return daemon;
    });
    private volatile Manifest current;
    /** Chosen once at open; a rotation with a new data key replaces it. */
    private volatile ContentSeal seal = ContentSeal.PLAIN;
    private long validatedAt;

    private S3Store(S3Client client, S3Location location, String namespace, StoreLimits limits,
            HistoryLimits history, String actor, Duration timeout, Optional<MemoryKeys> keys) {
        this.client = client;
        this.location = location;
        this.namespace = namespace;
        this.limits = limits;
        this.history = history;
        this.actor = actor;
        this.timeout = timeout;
        this.faults = new ObjectFaults(timeout);
        String space = space(namespace);
        this.objects = new ObjectCalls(client, location, space);
        this.log = new CommitLog(client, location, space, background);
        this.blobs = new BlobReader(objects, cache, faults);
        this.watchers = new HeadWatchers(this::refresh);
        this.sweep = new Sweep(client, location, space, Sweep.AGE);
        this.keys = keys;
        this.keyRecord = new BucketKeyRecord(client, location, space);
    }

    /** Returns the key segment a namespace's objects are under: {@code ns/NAME}, each {@code /} written {@code +}. */
    static String space(String namespace) {
        return "ns/" + namespace.replace('/', '+');
    }

    /**
     * Opens {@code namespace} in the bucket {@code location} names, with the AWS default credentials chain, sealed
     * under {@code keys} when given.
     */
    public static S3Store open(S3Location location, String namespace, StoreLimits limits, HistoryLimits history,
            String actor, Duration timeout, boolean readOnly, Optional<MemoryKeys> keys) throws IOException {
        return open(location, DefaultCredentialsProvider.builder().build(), namespace, limits, history, actor,
                timeout, readOnly, keys);
    }

    /** As the other {@code open} with {@code credentials}, of a memory kept plain. */
    public static S3Store open(S3Location location, AwsCredentialsProvider credentials, String namespace,
            StoreLimits limits, HistoryLimits history, String actor, Duration timeout, boolean readOnly)
            throws IOException {
        return open(location, credentials, namespace, limits, history, actor, timeout, readOnly, Optional.empty());
    }

    /**
     * Opens {@code namespace} in the bucket {@code location} names with {@code credentials}, and reads its newest
     * state; unless {@code readOnly}, first checks that the store honours conditional writes. Then chooses how its
     * contents are kept, once, by {@link SealChoice}: sealed under {@code keys} when its key record opens there (a
     * new namespace given a key gets a record, unless {@code readOnly}). Fails with an IOException whose message is
     * the reason, worded to follow {@code memdir: cannot open MEMORY: }, naming no secret.
     */
    public static S3Store open(S3Location location, AwsCredentialsProvider credentials, String namespace,
            StoreLimits limits, HistoryLimits history, String actor, Duration timeout, boolean readOnly,
            Optional<MemoryKeys> keys) throws IOException {
        return open(S3Clients.open(location, credentials, timeout), location, namespace, limits, history, actor,
                timeout, readOnly, keys);
    }

    /** As the public {@code open}, through {@code client}, which the store closes, of a memory kept plain. */
    static S3Store open(S3Client client, S3Location location, String namespace, StoreLimits limits,
            HistoryLimits history, String actor, Duration timeout, boolean readOnly) throws IOException {
        return open(client, location, namespace, limits, history, actor, timeout, readOnly, Optional.empty());
    }

    /** As the public {@code open}, through {@code client}, which the store closes. */
    static S3Store open(S3Client client, S3Location location, String namespace, StoreLimits limits,
            HistoryLimits history, String actor, Duration timeout, boolean readOnly, Optional<MemoryKeys> keys)
            throws IOException {
        if (!Namespaces.isValid(namespace)) {
            client.close();
            throw new IllegalArgumentException("A namespace is " + Namespaces.RULE + ", not " + namespace);
        }
        S3Store store = new S3Store(client, location, namespace, limits, history, actor, timeout, keys);
        try {
            if (!readOnly) {
                Optional<String> refusal = new ConditionalWrites(client, location).refusal();
                if (refusal.isPresent()) {
                    throw new IOException(refusal.get());
                }
            }
            store.seal = SealChoice.choose(keys, namespace, store.keyRecord, !readOnly);
            store.validated();
            return store;
        } catch (SdkException e) {
            store.close();
            throw new IOException(store.faults.reason(e), e);
        } catch (StoreFault e) {
            store.close();
            // At start-up the reason alone follows "cannot open MEMORY: ", not the answer a call would get.
            throw new IOException(e.getCause() instanceof SdkException sdk ? store.faults.reason(sdk)
                    : e.getCause() != null ? e.getCause().getMessage() : e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            store.close();
            throw e;
        }
    }

    @Override
    public <T> T change(StoreWork<T> work) throws IOException, CommandException {
        long deadline = System.nanoTime() + timeout.toNanos();
        StoreTurns.take(turn, timeout, FaultMessages.storeContended(timeout));
        try {
            return changeInTurn((draft, files) -> work.run(files), deadline);
        } finally {
            turn.unlock();
        }
    }

    /** A unit of work that needs the draft itself, not only its files (sealing every content again). */
    private interface DraftWork<T> {
        T run(ManifestDraft draft, TableFiles files) throws IOException, CommandException;
    }

    private <T> T changeInTurn(DraftWork<T> work, long deadline) throws IOException, CommandException {
        int stale = 0;
        for (int losses = 0; ; losses++) {
            Manifest from;
            ManifestDraft draft;
            TableFiles files;
            T result;
            try {
                from = validated();
                draft = from.draft(blobs, seal, history, actor);
                files = new TableFiles(draft.entries(), draft.history(), limits, from.totals(), true);
                result = work.run(draft, files);
            } catch (StaleHead e) {
                if (++stale > STALE_RETRIES) {
                    throw new StoreFault(FaultMessages.storeContended(timeout), e);
                }
                continue;
            }
            if (!draft.dirty()) {
                return result;
            }
            NextCommit next = NextCommit.of(from, draft, files.totals(), files.changed(), actor);
            if (commit(from, draft, next)) {
                changesMade.incrementAndGet();
                published(next.manifest());
                cleanUp(from, draft, next);
                if (draft.redacted()) {
                    blankOlder(next.head().generation(), draft.history().redactedTraces());
                }
                if (next.head().generation() % Sweep.EVERY == 0) {
                    sweepAfter(next.head(), draft.named());
                }
                return result;
            }
            if (System.nanoTime() > deadline) {
                throw new StoreFault(FaultMessages.storeContended(timeout), null);
            }
            backOff(losses);
        }
    }

    /** Uploads what {@code next} names that is new, then commits it; returns false when another writer was first. */
    private boolean commit(Manifest from, ManifestDraft draft, NextCommit next) throws IOException {
        try {
            objects.createAll(draft.uploads());
            draft.uploads().forEach(cache::put);
            if (next.base() != null) {
                String name = next.head().base().key();
                objects.create(name, ManifestSeal.seal(seal, name, HeadJson.write(next.base())));
            }
        } catch (SdkException e) {
            throw faults.of(e);
        }
        CommitOutcome outcome;
        try {
            outcome = log.tryCommit(from.generation(), ManifestSeal.seal(seal,
                    CommitLog.name(next.head().generation()), HeadJson.write(next.head())), RandomNames.commitId());
        } catch (SdkException e) {
            throw faults.ofCommit(e);
        }
        if (outcome == CommitOutcome.UNKNOWN) {
            throw new StoreFault(FaultMessages.storeLostWhileCommitting(FaultMessages.Outage.LOST), null);
        }
        return outcome == CommitOutcome.COMMITTED;
    }

    /**
     * Deletes what the committed head no longer names and no later head can name again (no writer that read an
     * older head can commit over this one): dropped and redacted contents, the base a fold replaced. A failure
     * leaves garbage, never a loss.
     */
    private void cleanUp(Manifest from, ManifestDraft draft, NextCommit next) {
        List<String> gone = new ArrayList<>(draft.unnamed());
        Head.BaseReference replaced = from.head().base();
        if (next.base() != null && replaced != null) {
            gone.add(replaced.key());
        }
        if (gone.isEmpty()) {
            return;
        }
        try {
            objects.delete(gone);
        } catch (SdkException e) {
            LOG.warn("could not delete {} objects no head of namespace {} names: {}", gone.size(), namespace,
                    faults.reason(e));
        }
    }

    /**
     * Blanks the older commits that still name a redacted version, so that its SHA-256 leaves the bucket with its
     * content. The redaction stands either way; a failure is left on stderr for the next redaction to finish.
     */
    private void blankOlder(long generation, List<String> traces) {
        try {
            log.blank(generation, commit -> holdsAny(commit, traces));
        } catch (SdkException e) {
            LOG.warn("redacted, but older commits of namespace {} may still name the version: {}", namespace,
                    faults.reason(e));
        }
    }

    /** Returns whether the head {@code commit} holds names any of {@code traces}; one that does not open names none. */
    private boolean holdsAny(Commit commit, List<String> traces) {
        String head;
        try {
            head = new String(ManifestSeal.open(seal, CommitLog.name(commit.sequence()), commit.payload()),
                    StandardCharsets.UTF_8);
        } catch (StoreFault e) {
            return false;
        }
        return traces.stream().anyMatch(head::contains);
    }

    /** Sweeps in the background: the call that made the commit does not wait for it. */
    private void sweepAfter(Head head, Set<String> named) {
        Set<String> names = new HashSet<>(named);
        if (head.base() != null) {
            names.add(head.base().key());
        }
        background.execute(() -> {
            try {
                sweep.after(head.generation(), names);
            } catch (SdkException e) {
                LOG.warn("could not sweep namespace {}: {}", namespace, faults.reason(e));
            }
        });
    }

    /** Waits a random while, longer after each lost race, so that racing writers spread out. */
    private static void backOff(int losses) throws InterruptedIOException {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, 2L << Math.min(losses, 5)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting to change the memory");
        }
    }

    @Override
    public <T> T read(StoreWork<T> work) throws IOException, CommandException {
        for (int stale = 0; ; stale++) {
            try {
                Manifest state = validated();
                ManifestDraft draft = state.draft(blobs, seal, history, actor);
                return work.run(new TableFiles(draft.entries(), draft.history(), limits, state.totals(), false));
            } catch (StaleHead e) {
                if (stale == STALE_RETRIES) {
                    throw new StoreFault(FaultMessages.storeContended(timeout), e);
                }
            }
        }
    }

    /**
     * Returns the newest state: one request when this process knows a recent head (the next commit's key, absent
     * while nothing changed), three when it does not (the hint, a listing from it, the newest commit).
     */
    private Manifest validated() throws IOException {
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
        Head head = HeadJson.head(ManifestSeal.open(seal, CommitLog.name(commit.sequence()), commit.payload()),
                commit.sequence(), namespace);
        if (known != null && Objects.equals(known.head().base(), head.base())) {
            return known.next(head);
        }
        String base = head.base() == null ? null : head.base().key();
        return new Manifest(head, base == null ? null
                : HeadJson.base(ManifestSeal.open(seal, base, objects.get(base)), base));
    }

    /** Makes {@code committed} the state the next call validates, and reports it. */
    private void published(Manifest committed) {
        synchronized (validating) {
            current = committed;
            validatedAt = System.nanoTime();
            watchers.heard(committed);
        }
    }

    /** Validates the newest state, as the watchers' poll does. */
    private void refresh() throws IOException {
        validated();
    }

    /**
     * Wraps the namespace's key record again under the newest key-encryption key ({@code memdir key rotate}); with
     * {@code reseal}, with a new data key added, under which it then seals every file's and every kept version's
     * content again, in one commit: a kill before that commit leaves the state before, whose contents the new record
     * still opens (it keeps the older data keys). Returns how many contents were sealed again. The vector segments
     * are sealed again after that commit, each replaced on its own.
     */
    public long rotateKeys(boolean reseal) throws IOException {
        if (keys.isEmpty()) {
            throw new SealRefusedException(KeyMessages.notEncrypted(), null);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        StoreTurns.take(turn, timeout, FaultMessages.storeContended(timeout));
        long sealed;
        try {
            try {
                byte[] record = keyRecord.read()
                        .orElseThrow(() -> new SealRefusedException(KeyMessages.notEncrypted(), null));
                byte[] rewrapped = keys.get().rewrap(namespace, record, reseal);
                keyRecord.replace(rewrapped);
                seal = keys.get().seal(namespace, rewrapped);
            } catch (SdkException e) {
                throw faults.of(e);
            }
            sealed = reseal ? changeInTurn((draft, files) -> draft.reseal(), deadline) : 0;
        } catch (CommandException e) {
            throw new IllegalStateException("sealing contents again runs no command", e);
        } finally {
            turn.unlock();
        }
        if (reseal) {
            vectors().sealAgain();
        }
        return sealed;
    }

    @Override
    public String location() {
        return location + " namespace " + namespace;
    }

    @Override
    public Usage usage() throws IOException {
        return validated().usage();
    }

    /** Keeps the vector segments as objects of their own, {@code SPACE/vectors/ID} ({@link VectorObjects}). */
    @Override
    public SealedShelf vectors() {
        return new SealedShelf(new VectorObjects(objects, faults), () -> seal, location());
    }

    @Override
    public long changesMade() {
        return changesMade.get();
    }

    /** Polls the next commit's key every {@link HeadWatchers#POLL} and reports what each new commit changed. */
    @Override
    public Closeable watch(Consumer<MemoryChanges> listener) {
        return watchers.add(listener, current);
    }

    @Override
    public void close() {
        watchers.close();
        background.shutdown();
        try {
            background.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        client.close();
    }
}
