package dev.memdir.memory.s3;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * A store's contents as its units of work read them: from the cache, else from the store, and many at once when a
 * unit says which it will read (recall's first search, a copy), so that 10,000 notes cost the slowest few round
 * trips of 16 at a time rather than 10,000 one after another.
 */
final class BlobReader implements BlobSource {

    private final ObjectCalls objects;
    private final ObjectCache cache;
    private final ObjectFaults faults;
    private final Map<String, CompletableFuture<byte[]>> fetching = new ConcurrentHashMap<>();

    BlobReader(ObjectCalls objects, ObjectCache cache, ObjectFaults faults) {
        this.objects = objects;
        this.cache = cache;
        this.faults = faults;
    }

    @Override
    public byte[] blob(String name) throws IOException {
        byte[] cached = cache.get(name);
        if (cached != null) {
            return cached;
        }
        CompletableFuture<byte[]> fetched = fetching.get(name);
        if (fetched == null) {
            return fetch(name);
        }
        try {
            return fetched.join().clone();
        } catch (CompletionException e) {
            if (e.getCause() instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            if (e.getCause() instanceof SdkException sdk) {
                throw faults.of(sdk);
            }
            throw e;
        }
    }

    @Override
    public void prefetch(List<String> names) {
        for (String name : names) {
            if (cache.get(name) == null) {
                fetching.computeIfAbsent(name, key -> CompletableFuture.supplyAsync(() -> {
                    try {
                        return fetch(key);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    } finally {
                        fetching.remove(key);
                    }
                }, ObjectCalls.Parallel.POOL));
            }
        }
    }

    private byte[] fetch(String name) throws IOException {
        try {
            byte[] content = objects.get(name);
            cache.put(name, content);
            return content;
        } catch (SdkException e) {
            throw faults.of(e);
        }
    }
}
