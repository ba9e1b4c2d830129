package dev.memdir.memory.s3;

import dev.memdir.memory.render.FaultMessages;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.StoreFault;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * The steps of committing a change to a namespace: uploading what the draft wrote and creating the next commit, then,
 * once committed, deleting what no head names any more, blanking the older commits that name a redacted version, and
 * now and then sweeping in the background; and the back-off after a lost race.
 */
final class CommitSteps {

    private static final Logger LOG = LoggerFactory.getLogger(CommitSteps.class);

    private final ObjectCalls objects;
    private final ObjectCache cache;
    private final CommitLog log;
    private final Sweep sweep;
    private final ObjectFaults faults;
    private final String namespace;
    private final Executor background;
    private final Supplier<ContentSeal> seal;

    CommitSteps(ObjectCalls objects, ObjectCache cache, CommitLog log, Sweep sweep, ObjectFaults faults,
            String namespace, Executor background, Supplier<ContentSeal> seal) {
        this.objects = objects;
        this.cache = cache;
        this.log = log;
        this.sweep = sweep;
        this.faults = faults;
        this.namespace = namespace;
        this.background = background;
        this.seal = seal;
    }

    /** Uploads what {@code next} names that is new, then commits it; returns false when another writer was first. */
    boolean commit(Manifest from, ManifestDraft draft, NextCommit next) throws IOException {
        ContentSeal sealing = seal.get();
        try {
            objects.createAll(draft.uploads());
            draft.uploads().forEach(cache::put);
            if (next.base() != null) {
                String name = next.head().base().key();
                objects.create(name, ManifestSeal.seal(sealing, name, HeadJson.write(next.base())));
            }
        } catch (SdkException e) {
            throw faults.of(e);
        }
        CommitOutcome outcome;
        try {
            outcome = log.tryCommit(from.generation(), ManifestSeal.seal(sealing,
                    CommitLog.name(next.head().generation()), HeadJson.write(next.head())), RandomNames.commitId());
        } catch (SdkException e) {
            throw faults.ofCommit(e);
        }
        if (outcome == CommitOutcome.UNKNOWN) {
            throw new StoreFault(FaultMessages.storeLostWhileCommitting(FaultMessages.Outage.LOST), null);
        }
        return outcome == CommitOutcome.COMMITTED;
    }

    /** Tidies up after {@code next} was committed over {@code from}; a failure leaves garbage, never a loss. */
    void after(Manifest from, ManifestDraft draft, NextCommit next) {
        cleanUp(from, draft, next);
        if (draft.redacted()) {
            blankOlder(next.head().generation(), draft.history().redactedTraces());
        }
        if (next.head().generation() % Sweep.EVERY == 0) {
            sweepAfter(next.head(), draft.named());
        }
    }

    /**
     * Deletes what the committed head no longer names and no later head can name again (no writer that read an
     * older head can commit over this one): dropped and redacted contents, the base a fold replaced.
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
            head = new String(ManifestSeal.open(seal.get(), CommitLog.name(commit.sequence()), commit.payload()),
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
    static void backOff(int losses) throws InterruptedIOException {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, 2L << Math.min(losses, 5)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting to change the memory");
        }
    }
}
