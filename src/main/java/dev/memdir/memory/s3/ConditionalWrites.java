package dev.memdir.memory.s3;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Checks that a store honours the one condition a commit rests on, a put with {@code If-None-Match: *}: over an
 * existing object it must fail, and of several racing to create one key exactly one may succeed. A store that lets
 * either through would let two writers commit one number, so it is refused rather than risked. {@code If-Match} is
 * not checked: nothing uses it (S3Proxy's is not atomic). The check writes two scratch objects and removes them.
 * A race of a few puts is a check, not a proof: on a fast store they may not overlap.
 */
final class ConditionalWrites {

    private static final int PRECONDITION_FAILED = 412;
    /** Amazon S3's answer to conditional puts racing on one key. */
    private static final int CONFLICT = 409;
    /** What a store answers to a condition it does not know, where it does not ignore it. */
    private static final int NOT_IMPLEMENTED = 501;
    private static final int RACERS = 4;
    /** Where the scratch objects go, beside the memory's own keys. */
    private static final String SCRATCH = "probe/";

    private final S3Client client;
    private final S3Location location;

    ConditionalWrites(S3Client client, S3Location location) {
        this.client = client;
        this.location = location;
    }

    /**
     * Returns why the store is refused, in one line, or empty when it honours the condition. Failures to reach the
     * store at all (the network, the credentials, a missing bucket) are the SDK's exceptions, not a refusal.
     */
    Optional<String> refusal() {
        try {
            return check();
        } catch (S3Exception e) {
            if (e.statusCode() == NOT_IMPLEMENTED) {
                return refused("a PUT with If-None-Match: * was answered " + e.statusCode() + Optional.ofNullable(
                        e.awsErrorDetails()).map(details -> " " + details.errorCode()).orElse(""));
            }
            throw e;
        }
    }

    private Optional<String> check() {
        String existing = location.key(SCRATCH + UUID.randomUUID());
        String contested = location.key(SCRATCH + UUID.randomUUID());
        ExecutorService racers = Executors.newFixedThreadPool(RACERS + 1);
        try {
            // The race on a new key runs while the first key is made and then put over: two round trips in all.
            List<CompletableFuture<Boolean>> race = new ArrayList<>();
            for (int racer = 0; racer < RACERS; racer++) {
                String body = "racer " + racer;
                race.add(CompletableFuture.supplyAsync(() -> created(contested, body), racers));
            }
            CompletableFuture<Boolean> over = CompletableFuture.supplyAsync(() -> {
                client.putObject(request -> request.bucket(location.bucket()).key(existing).ifNoneMatch("*"),
                        RequestBody.fromString("first"));
                return created(existing, "over");
            }, racers);
            if (over.join()) {
                return refused("a PUT with If-None-Match: * replaced an existing object");
            }
            return raceRefusal(contested, race);
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        } finally {
            racers.shutdown();
            client.deleteObjects(request -> request.bucket(location.bucket()).delete(delete -> delete.quiet(true)
                    .objects(ObjectIdentifier.builder().key(existing).build(),
                            ObjectIdentifier.builder().key(contested).build())));
        }
    }

    /** Judges the race to create {@code key}: at most one winner, and the object holds the winner's body. */
    private Optional<String> raceRefusal(String key, List<CompletableFuture<Boolean>> race) {
        List<String> winners = new ArrayList<>();
        for (int racer = 0; racer < RACERS; racer++) {
            if (race.get(racer).join()) {
                winners.add("racer " + racer);
            }
        }
        if (winners.size() > 1) {
            return refused(winners.size() + " of " + RACERS + " PUTs with If-None-Match: * to one new key succeeded");
        }
        Optional<String> stored = read(key);
        if (stored.isEmpty()) {
            // Every racer was told of a conflict (Amazon S3 may answer 409 to all): alone, a create must succeed.
            return created(key, "alone") ? Optional.empty()
                    : refused("a PUT with If-None-Match: * to a new key failed");
        }
        boolean fromARacer = stored.get().startsWith("racer ");
        if (!fromARacer || !winners.isEmpty() && !winners.get(0).equals(stored.get())) {
            return refused("a GET after a PUT returned other content");
        }
        return Optional.empty();
    }

    /** Returns whether a create-only put of {@code body} at {@code key} succeeded; false when it was refused. */
    private boolean created(String key, String body) {
        try {
            client.putObject(request -> request.bucket(location.bucket()).key(key).ifNoneMatch("*"),
                    RequestBody.fromString(body));
            return true;
        } catch (S3Exception e) {
            if (e.statusCode() == PRECONDITION_FAILED || e.statusCode() == CONFLICT) {
                return false;
            }
            throw e;
        }
    }

    private Optional<String> read(String key) {
        try {
            return Optional.of(client.getObjectAsBytes(request -> request.bucket(location.bucket()).key(key))
                    .asUtf8String());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> refused(String seen) {
        return Optional.of("the store does not honour conditional writes (" + seen + "), which memdir needs to"
                + " keep each change whole");
    }
}
