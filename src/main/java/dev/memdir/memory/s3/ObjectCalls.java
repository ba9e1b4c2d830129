package dev.memdir.memory.s3;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The namespace's immutable objects (contents, bases): created once under random names, read, deleted once no head
 * names them. The commit objects are {@link CommitLog}'s.
 */
final class ObjectCalls {

    private static final int PRECONDITION_FAILED = 412;
    private static final int CONFLICT = 409;
    private static final int DELETES_PER_REQUEST = 1000;
    private static final int PARALLEL = 16;

    private final S3Client client;
    private final S3Location location;
    private final String space;

    /** The objects under {@code space} (a key segment such as {@code ns/team}) below the location's prefix. */
    ObjectCalls(S3Client client, S3Location location, String space) {
        this.client = client;
        this.location = location;
        this.space = space;
    }

    /** Returns the object {@code name}; one that is gone was dropped by a newer commit. */
    byte[] get(String name) throws StaleHead {
        try {
            return client.getObjectAsBytes(request -> request.bucket(location.bucket()).key(key(name)))
                    .asByteArray();
        } catch (NoSuchKeyException e) {
            throw new StaleHead(name);
        }
    }

    /**
     * Creates the object {@code name}. Its name is random, so a 412 can only be the SDK retrying a put of ours whose
     * answer was lost: it is there.
     */
    void create(String name, byte[] content) {
        try {
            client.putObject(request -> request.bucket(location.bucket()).key(key(name)).ifNoneMatch("*"),
                    RequestBody.fromBytes(content));
        } catch (S3Exception e) {
            if (e.statusCode() != PRECONDITION_FAILED && e.statusCode() != CONFLICT) {
                throw e;
            }
        }
    }

    /**
     * Creates every object of {@code contents}, by name, up to {@link #PARALLEL} at once: a change that wrote many
     * files (a copy, a restore) waits for the slowest few round trips, not for one after another.
     */
    void createAll(Map<String, byte[]> contents) {
        if (contents.size() == 1) {
            contents.forEach(this::create);
            return;
        }
        List<CompletableFuture<Void>> puts = new ArrayList<>();
        contents.forEach((name, content) -> puts.add(CompletableFuture.runAsync(() -> create(name, content),
                Parallel.POOL)));
        try {
            CompletableFuture.allOf(puts.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof SdkException failure) {
                throw failure;
            }
            throw e;
        }
    }

    /** The threads that upload and fetch contents in parallel, made at the first call that needs them. */
    static final class Parallel {
        static final ExecutorService POOL = Executors.newFixedThreadPool(PARALLEL, task -> {
            Thread daemon = new Thread(task, "memdir-s3-parallel");
            daemon.setDaemon(true);
            return daemon;
        });
    }

    /** Deletes the objects {@code names}, a thousand to a request. */
    void delete(List<String> names) {
        for (int from = 0; from < names.size(); from += DELETES_PER_REQUEST) {
            List<ObjectIdentifier> batch = new ArrayList<>();
            for (String name : names.subList(from, Math.min(names.size(), from + DELETES_PER_REQUEST))) {
                batch.add(ObjectIdentifier.builder().key(key(name)).build());
            }
            client.deleteObjects(request -> request.bucket(location.bucket())
                    .delete(delete -> delete.objects(batch).quiet(true)));
        }
    }

    /** Returns the names (below the namespace) of the objects whose names start with {@code kind}, as listed. */
    List<String> names(String kind) {
        String below = key("");
        return client.listObjectsV2Paginator(request -> request.bucket(location.bucket()).prefix(key(kind)))
                .contents().stream().map(object -> object.key().substring(below.length())).toList();
    }

    private String key(String name) {
        return location.key(space + "/" + name);
    }
}
