package dev.memdir.memory.s3;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The commit point of one namespace: numbered objects {@code SPACE/commits/000000000001, ...}, each created with
 * {@code If-None-Match: *}, so that of the writers that started from commit N exactly one creates N + 1 (a store
 * must make that put atomic; {@code If-Match} is not used, since S3Proxy checks it and then writes). Beside them
 * {@code SPACE/latest}, a hint naming a recent commit, written after each commit: it may lag and is never trusted
 * alone; the newest commit is found by listing forward from it. See docs/stores.md, "Object storage (design)".
 */
final class CommitLog {

    private static final int PRECONDITION_FAILED = 412;
    /** Amazon S3's answer to conditional puts racing on one key: the loser's put did not land. */
    private static final int CONFLICT = 409;
    private static final String DIGITS = "%012d";
    /** How many commits past the next a warm validation reads one by one before it lists the rest. */
    private static final int FORWARD_READS = 3;
    private static final Pattern NUMBER = Pattern.compile("[0-9]{12}");
    /** What a blanked commit holds after its id line. */
    static final byte[] BLANK = "{\"format\":1,\"blanked\":true}".getBytes(StandardCharsets.US_ASCII);

    private final S3Client client;
    private final String bucket;
    private final String commits;
    private final String hint;
    private final Executor hints;
    private volatile Commit lastRead;

    /** A log under {@code space} (a key segment such as {@code ns/team}) below the location's prefix. */
    CommitLog(S3Client client, S3Location location, String space) {
        this(client, location, space, Runnable::run);
    }

    /** As the other constructor, writing the hint on {@code hints}, so that a commit need not wait for it. */
    CommitLog(S3Client client, S3Location location, String space, Executor hints) {
        this.client = client;
        this.bucket = location.bucket();
        this.commits = location.key(space + "/commits/");
        this.hint = location.key(space + "/latest");
        this.hints = hints;
    }

    /** Returns the newest commit, or empty before the first: one hint read, one listing, one read. */
    Optional<Commit> latest() {
        long from = hinted();
        Optional<Commit> newest = newestFrom(from);
        // A hint may name a commit pruned since it was written; a listing from the start then finds the newest.
        return newest.isEmpty() && from > 0 ? newestFrom(0) : newest;
    }

    /**
     * Tries to create commit {@code expected + 1} holding {@code payload}, under the writer's unique {@code id}.
     * Returns whether it landed or another writer's commit took that number. A put whose answer is lost (an I/O
     * error, or the SDK's retry of a put that had landed answered 412) is resolved by reading the commit back.
     */
    CommitOutcome tryCommit(long expected, byte[] payload, String id) {
        Commit commit = new Commit(expected + 1, id, payload);
        try {
            create(commit);
        } catch (S3Exception e) {
            if (e.statusCode() != PRECONDITION_FAILED && e.statusCode() != CONFLICT) {
                throw e;
            }
            return resolve(commit.sequence(), payload, id);
        } catch (SdkClientException e) {
            return resolve(commit.sequence(), payload, id);
        }
        writeHint(commit.sequence());
        return CommitOutcome.COMMITTED;
    }

    /**
     * Returns the newest commit when it is newer than {@code known}, or empty when {@code known} is still the
     * newest: one read of the next commit's key (404 while nothing changed), then reads forward to the newest, and a
     * listing only when more than a few commits came since.
     * {@code known} must be younger than the prune age, or its successor could be pruned and missed; past it, use
     * {@link #latest()}.
     */
    Optional<Commit> newerThan(long known) {
        Optional<Commit> newest = read(known + 1);
        if (newest.isEmpty()) {
            return newest;
        }
        // A commit cannot exist without the one before it, so reading forward finds the newest exactly; a few reads
        // cost less than a listing, which some stores make by scanning every commit kept.
        for (int step = 0; step < FORWARD_READS; step++) {
            Optional<Commit> after = read(newest.get().sequence() + 1);
            if (after.isEmpty()) {
                return newest;
            }
            newest = after;
        }
        long listed = newestListed(newest.get().sequence());
        return listed == newest.get().sequence() ? newest : read(listed);
    }

    /**
     * Returns what became of commit {@code sequence} made by {@code id} when its answer is unknown: committed when
     * the object holds {@code id}, lost when it holds another's; when nothing is there and nothing newer either,
     * the put did not land, and creating it again settles it; when newer commits are there, it was pruned: unknown.
     * An unreachable store stays unresolved: the SDK's exception.
     */
    CommitOutcome resolve(long sequence, byte[] payload, String id) {
        Optional<Commit> there = read(sequence);
        if (there.isEmpty()) {
            if (newestListed(sequence) > sequence) {
                return CommitOutcome.UNKNOWN;
            }
            try {
                create(new Commit(sequence, id, payload));
                writeHint(sequence);
                return CommitOutcome.COMMITTED;
            } catch (S3Exception e) {
                if (e.statusCode() != PRECONDITION_FAILED && e.statusCode() != CONFLICT) {
                    throw e;
                }
                there = read(sequence);
            }
        }
        if (there.map(commit -> commit.id().equals(id)).orElse(false)) {
            writeHint(sequence);
            return CommitOutcome.COMMITTED;
        }
        return CommitOutcome.LOST_RACE;
    }

    /**
     * Blanks every commit before {@code before} that {@code holds} (a redacted version's SHA-256 and content name):
     * it keeps its id line, so a lost reply can still be told and a validation still finds the key, and loses its
     * head. Returns how many were blanked.
     */
    int blank(long before, Predicate<Commit> holds) {
        int blanked = 0;
        for (S3Object object : client.listObjectsV2Paginator(request -> request.bucket(bucket).prefix(commits))
                .contents()) {
            String name = object.key().substring(commits.length());
            if (!NUMBER.matcher(name).matches() || Long.parseLong(name) >= before) {
                continue;
            }
            Optional<Commit> commit = read(Long.parseLong(name));
            if (commit.isPresent() && holds.test(commit.get())) {
                client.putObject(request -> request.bucket(bucket).key(object.key()), RequestBody.fromBytes(
                        new Commit(commit.get().sequence(), commit.get().id(), BLANK).stored()));
                blanked++;
            }
        }
        return blanked;
    }

    /** Returns the name of commit {@code sequence} below its namespace ({@code commits/GGGGGGGGGGGG}). */
    static String name(long sequence) {
        return "commits/" + String.format(DIGITS, sequence);
    }

    /** Returns the key of commit {@code sequence}. */
    String key(long sequence) {
        return commits + String.format(DIGITS, sequence);
    }

    /** Returns the key of the hint. */
    String hintKey() {
        return hint;
    }

    private void create(Commit commit) {
        client.putObject(request -> request.bucket(bucket).key(key(commit.sequence())).ifNoneMatch("*"),
                RequestBody.fromBytes(commit.stored()));
    }

    /** Writes the hint; a hint not written only makes the next {@link #latest()} list a little further. */
    private void writeHint(long sequence) {
        hints.execute(() -> {
            try {
                client.putObject(request -> request.bucket(bucket).key(hint),
                        RequestBody.fromString(Long.toString(sequence)));
            } catch (S3Exception | SdkClientException e) {
                // The commit stands without it.
            }
        });
    }

    /** Returns the commit the hint names, or 0 when there is none or it is not a number. */
    long hinted() {
        try {
            return Long.parseLong(client.getObjectAsBytes(request -> request.bucket(bucket).key(hint))
                    .asString(StandardCharsets.US_ASCII).strip());
        } catch (NoSuchKeyException | NumberFormatException e) {
            return 0;
        }
    }

    /** Returns the newest commit at or after {@code from} (0: from the start), or empty when none is there. */
    private Optional<Commit> newestFrom(long from) {
        long newest = newestListed(from);
        return newest == 0 ? Optional.empty() : read(newest);
    }

    /** Returns the number of the newest commit listed after {@code from}, or {@code from} when none is. */
    private long newestListed(long from) {
        ListObjectsV2Request.Builder listing = ListObjectsV2Request.builder().bucket(bucket).prefix(commits);
        if (from > 0) {
            listing.startAfter(key(from));
        }
        long newest = from;
        for (S3Object object : client.listObjectsV2Paginator(listing.build()).contents()) {
            String name = object.key().substring(commits.length());
            // Anything else under the prefix is not a commit: S3Proxy's filesystem store, for one, lists the
            // temporary file of a put in progress as KEY-UUID.
            if (NUMBER.matcher(name).matches()) {
                newest = Math.max(newest, Long.parseLong(name));
            }
        }
        return newest;
    }

    /**
     * Reads commit {@code sequence}. A commit never changes once made (a blanked one only loses its head, which a
     * reader never needs once newer commits exist), so the one read last is not read again: a writer that lost a
     * race reads the winner's commit to learn it lost, then again to validate.
     */
    private Optional<Commit> read(long sequence) {
        Commit remembered = lastRead;
        if (remembered != null && remembered.sequence() == sequence) {
            return Optional.of(remembered);
        }
        try {
            Commit commit = Commit.parse(sequence,
                    client.getObjectAsBytes(request -> request.bucket(bucket).key(key(sequence))).asByteArray());
            lastRead = commit;
            return Optional.of(commit);
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        }
    }
}
