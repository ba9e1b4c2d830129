package dev.memdir.memory.s3;

import dev.memdir.memory.render.FaultMessages;
import dev.memdir.memory.render.KeyMessages;
import dev.memdir.memory.store.ChangeFeed;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.HistoryLimits;
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
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
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
 *
 * <p>A facade: {@link NewestState} keeps the newest state this process knows, {@link CommitSteps} commits a draft
 * and tidies up after it.
 */
public final class S3Store implements MemoryStore {

    /** How long a call waits for the store, unless told otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    private static final int STALE_RETRIES = 3;
    private static final long CACHE_BYTES = 64L * 1024 * 1024;

    private final S3Client client;
    private final S3Location location;
    private final String namespace;
    private final StoreLimits limits;
    private final HistoryLimits history;
    private final String actor;
    private final Duration timeout;
    private final ObjectFaults faults;
    private final ObjectCalls objects;
    private final BlobReader blobs;
    private final ReentrantLock turn = new ReentrantLock(true);
    private final NewestState state;
    /**
     * Hears other processes' commits by polling the next commit's key every {@link HeadWatchers#POLL}; this
     * process's own are heard the moment they are published.
     */
    private final ChangeFeed changes;
    private final CommitSteps steps;
    private final Optional<MemoryKeys> keys;
    private final BucketKeyRecord keyRecord;
    private final ExecutorService background = Executors.newSingleThreadExecutor(task -> {
        Thread daemon = new Thread(task, "memdir-s3-background");
        daemon.setDaemon(true);
        return daemon;
    });
    /** Chosen once at open; a rotation with a new data key replaces it. */
    private volatile ContentSeal seal = ContentSeal.PLAIN;

    private S3Store(S3Client client, S3Options options) {
        this.client = client;
        this.location = options.location();
        this.namespace = options.namespace();
        this.limits = options.limits();
        this.history = options.history();
        this.actor = options.actor();
        this.timeout = options.timeout();
        this.faults = new ObjectFaults(timeout);
        String space = space(namespace);
        this.objects = new ObjectCalls(client, location, space);
        ObjectCache cache = new ObjectCache(CACHE_BYTES);
        this.blobs = new BlobReader(objects, cache, faults);
        CommitLog log = new CommitLog(client, location, space, background);
        this.state = new NewestState(log, objects, faults, namespace, () -> seal);
        this.changes = new ChangeFeed(state::watch);
        this.steps = new CommitSteps(objects, cache, log, new Sweep(client, location, space, Sweep.AGE), faults,
                namespace, background, () -> seal);
        this.keys = options.keys();
        this.keyRecord = new BucketKeyRecord(client, location, space);
    }

    /** Returns the key segment a namespace's objects are under: {@code ns/NAME}, each {@code /} written {@code +}. */
    static String space(String namespace) {
        return "ns/" + namespace.replace('/', '+');
    }

    /**
     * Opens the namespace {@code options} names, and reads its newest state; unless read-only, first checks that the
     * store honours conditional writes. Then chooses how its contents are kept, once, by {@link SealChoice}: sealed
     * under the options' key when its key record opens there (a new namespace given a key gets a record, unless
     * read-only). Fails with an IOException whose message is the reason, worded to follow
     * {@code memdir: cannot open MEMORY: }, naming no secret.
     */
    public static S3Store open(S3Options options) throws IOException {
        return open(S3Clients.open(options.location(), options.credentials()
                .orElseGet(() -> DefaultCredentialsProvider.builder().build()), options.timeout()), options);
    }

    /** As the public {@code open}, through {@code client}, which the store closes. */
    static S3Store open(S3Client client, S3Options options) throws IOException {
        if (!Namespaces.isValid(options.namespace())) {
            client.close();
            throw new IllegalArgumentException("A namespace is " + Namespaces.RULE + ", not " + options.namespace());
        }
        S3Store store = new S3Store(client, options);
        boolean readOnly = options.readOnly();
        try {
            if (!readOnly) {
                Optional<String> refusal = new ConditionalWrites(client, options.location()).refusal();
                if (refusal.isPresent()) {
                    throw new IOException(refusal.get());
                }
            }
            store.seal = SealChoice.choose(store.keys, store.namespace, store.keyRecord, !readOnly);
            store.state.validated();
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
                from = state.validated();
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
            if (steps.commit(from, draft, next)) {
                state.published(next.manifest());
                changes.made();
                steps.after(from, draft, next);
                return result;
            }
            if (System.nanoTime() > deadline) {
                throw new StoreFault(FaultMessages.storeContended(timeout), null);
            }
            CommitSteps.backOff(losses);
        }
    }

    @Override
    public <T> T read(StoreWork<T> work) throws IOException, CommandException {
        for (int stale = 0; ; stale++) {
            try {
                Manifest newest = state.validated();
                ManifestDraft draft = newest.draft(blobs, seal, history, actor);
                return work.run(new TableFiles(draft.entries(), draft.history(), limits, newest.totals(), false));
            } catch (StaleHead e) {
                if (stale == STALE_RETRIES) {
                    throw new StoreFault(FaultMessages.storeContended(timeout), e);
                }
            }
        }
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
        return state.validated().usage();
    }

    /** Keeps the vector segments as objects of their own, {@code SPACE/vectors/ID} ({@link VectorObjects}). */
    @Override
    public SealedShelf vectors() {
        return new SealedShelf(new VectorObjects(objects, faults), () -> seal, location());
    }

    @Override
    public ChangeFeed changes() {
        return changes;
    }

    @Override
    public void close() {
        changes.close();
        state.close();
        background.shutdown();
        try {
            background.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        client.close();
    }
}
