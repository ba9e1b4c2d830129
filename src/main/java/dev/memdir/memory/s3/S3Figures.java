package dev.memdir.memory.s3;

import dev.memdir.memory.render.KeyMessages;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.KeyRecord;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.SealRefusedException;
import dev.memdir.memory.store.Usage;
import dev.memdir.memory.store.WrongKeyException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CommonPrefix;

/**
 * What {@code memdir store check} prints of a bucket, read without writing anything: each namespace's newest
 * commit, the counters its head holds, and the same recounted from its manifest (they differ only if a head was
 * written wrong).
 */
public final class S3Figures {

    /**
     * One namespace: its name, its newest commit's number (0 before the first), the counters its head holds and the
     * same recounted from its manifest.
     */
    public record Namespace(String name, long generation, Usage usage, long historyBytes, Usage recount,
            long historyRecount) {

        /** Returns whether the head's counters equal the recount. */
        public boolean consistent() {
            return usage.equals(recount) && historyBytes == historyRecount;
        }
    }

    private S3Figures() {}

    /**
     * Returns the figures of every namespace under {@code location}, sorted by name; an encrypted namespace's are
     * read with {@code keys}, and without them refused.
     */
    public static List<Namespace> read(S3Location location, AwsCredentialsProvider credentials, Duration timeout,
            Optional<MemoryKeys> keys) throws IOException {
        ObjectFaults faults = new ObjectFaults(timeout);
        try (S3Client client = S3Clients.open(location, credentials, timeout)) {
            List<Namespace> namespaces = new ArrayList<>();
            String spaces = location.key("ns/");
            for (CommonPrefix space : client.listObjectsV2Paginator(request -> request.bucket(location.bucket())
                    .prefix(spaces).delimiter("/")).commonPrefixes()) {
                String segment = space.prefix().substring(spaces.length(), space.prefix().length() - 1);
                namespaces.add(figures(client, location, segment, keys));
            }
            namespaces.sort(Comparator.comparing(Namespace::name));
            return namespaces;
        } catch (SdkException e) {
            throw new IOException(faults.reason(e), e);
        }
    }

    private static Namespace figures(S3Client client, S3Location location, String segment,
            Optional<MemoryKeys> keys) throws IOException {
        String name = segment.replace('+', '/');
        String space = "ns/" + segment;
        Optional<Commit> newest = new CommitLog(client, location, space).latest();
        if (newest.isEmpty()) {
            return new Namespace(name, 0, new Usage(0, 0), 0, new Usage(0, 0), 0);
        }
        ContentSeal seal = seal(new BucketKeyRecord(client, location, space), name, keys);
        Head head = HeadJson.head(ManifestSeal.open(seal, CommitLog.name(newest.get().sequence()),
                newest.get().payload()), newest.get().sequence(), name);
        String baseKey = head.base() == null ? null : head.base().key();
        Base base = baseKey == null ? null : HeadJson.base(ManifestSeal.open(seal, baseKey,
                new ObjectCalls(client, location, space).get(baseKey)), baseKey);
        ManifestDraft manifest = new Manifest(head, base).draft(blob -> {
            throw new IOException("a check reads no content");
        }, HistoryLimits.DEFAULT, "check");
        Usage[] files = {new Usage(0, 0)};
        manifest.entries().map().forEach((key, entry) -> {
            if (entry.isFile()) {
                files[0] = files[0].plus(1, entry.size());
            }
        });
        long[] history = {0};
        manifest.history().map().forEach((key, versions) -> versions.forEach(version -> history[0] += version.size()));
        return new Namespace(name, head.generation(), new Usage(head.files(), head.bytes()), head.historyBytes(),
                files[0], history[0]);
    }

    /** Returns how the namespace {@code name} keeps its manifests: plain, or sealed under the data key of its record. */
    private static ContentSeal seal(KeyRecord record, String name, Optional<MemoryKeys> keys) throws IOException {
        Optional<byte[]> kept = record.read();
        if (kept.isEmpty()) {
            return ContentSeal.PLAIN;
        }
        if (keys.isEmpty()) {
            throw new SealRefusedException("namespace " + name + ": " + KeyMessages.encryptedWithoutKey(), null);
        }
        try {
            return keys.get().seal(name, kept.get());
        } catch (WrongKeyException e) {
            throw new SealRefusedException("namespace " + name + ": " + KeyMessages.wrongKey(keys.get().source()), e);
        }
    }
}
