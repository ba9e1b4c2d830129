package dev.memdir.memory.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.index.IndexBudget;
import dev.memdir.memory.CommandOutput;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.StoreKind;
import dev.memdir.memory.TestKeys;
import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.render.KeyMessages;
import dev.memdir.memory.seal.KeyFiles;
import dev.memdir.memory.seal.TinkKeys;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.SealRefusedException;
import dev.memdir.memory.store.Sha256;
import dev.memdir.memory.store.StoreFault;
import dev.memdir.memory.store.StoreLimits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Encryption at rest in a bucket, proved on its raw objects: what a sealed namespace leaves in clear (nothing of its
 * files), what a changed or moved object answers, the start-up refusals, the key record's race, and key rotation.
 */
class SealedS3Test {

    private static final StoreLimits LIMITS = StoreLimits.perFile(StoreLimits.UNLIMITED);
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Optional<MemoryKeys> KEY = Optional.of(TestKeys.shared());

    private static MemoryPath path(String display) {
        try {
            return MemoryPathParser.parse(display);
        } catch (InvalidMemoryPathException e) {
            throw new AssertionError(e);
        }
    }

    private static S3Store open(S3Location bucket, String namespace, Optional<MemoryKeys> keys) throws Exception {
        return S3Store.open(S3Options.of(bucket, namespace, LIMITS, "sealer").withCredentials(LocalS3.credentials())
                .withTimeout(TIMEOUT).withKeys(keys));
    }

    private static S3Store open(S3Location bucket, Optional<MemoryKeys> keys) throws Exception {
        return open(bucket, "team", keys);
    }

    private static void write(S3Store store, String display, String text) throws Exception {
        MemoryPath path = path(display);
        store.change(files -> {
            files.write(path, text.getBytes(StandardCharsets.UTF_8));
            return null;
        });
    }

    private static String read(S3Store store, String display) throws Exception {
        MemoryPath path = path(display);
        return store.read(files -> new String(files.read(path), StandardCharsets.UTF_8));
    }

    private static String version(S3Store store, String display, int number) throws Exception {
        MemoryPath path = path(display);
        return store.read(files -> new String(files.version(path, number).orElseThrow(), StandardCharsets.UTF_8));
    }

    private static MemoryTool tool(S3Store store) {
        return new MemoryTool(store, new FrontmatterStamper(Clock.systemUTC(), "sealer"), false, IndexBudget.DEFAULT);
    }

    /** Writes {@code text} at {@code display}, and returns the key of the one content that it uploaded. */
    private static String writtenBlob(S3Store store, S3Location bucket, String display, String text)
            throws Exception {
        List<String> before = LocalS3.keys(bucket);
        write(store, display, text);
        List<String> added = LocalS3.keysAdded(bucket, before, "/blobs/");
        assertThat(added).hasSize(1);
        return added.get(0);
    }

    private static boolean holds(List<byte[]> objects, String text) {
        String needle = new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        return objects.stream().anyMatch(object -> new String(object, StandardCharsets.ISO_8859_1).contains(needle));
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aSealedBucket_holdsNoContentNoHashAndNoName_aPlainOneHoldsEach(boolean sealed) throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("raw");
        List<String> texts = List.of("marker-content-one\n", "marker-content-two\n", "marker-content-three\n");
        try (S3Store store = open(bucket, sealed ? TestKeys.of(StoreKind.SEALED_S3)
                : Optional.empty())) {
            write(store, "/memories/marker-name-kept.md", texts.get(0));
            write(store, "/memories/marker-name-kept.md", texts.get(1));
            write(store, "/memories/marker-name-gone.md", texts.get(2));
            store.change(files -> {
                files.move(path("/memories/marker-name-kept.md"), path("/memories/marker-name-moved.md"));
                files.delete(path("/memories/marker-name-gone.md"));
                return null;
            });
            assertThat(read(store, "/memories/marker-name-moved.md")).isEqualTo(texts.get(1));
            assertThat(version(store, "/memories/marker-name-kept.md", 1)).isEqualTo(texts.get(0));
        }

        List<byte[]> objects = LocalS3.contents(bucket);
        List<String> markers = new ArrayList<>(List.of("marker-name-kept", "marker-name-moved", "marker-name-gone"));
        for (String text : texts) {
            markers.add(text);
            markers.add(Sha256.hex(text.getBytes(StandardCharsets.UTF_8)));
        }
        for (String marker : markers) {
            assertThat(holds(objects, marker)).as(marker).isEqualTo(!sealed);
        }
        assertThat(LocalS3.objects(bucket).keySet().stream().filter(key -> key.endsWith("/data-key")))
                .hasSize(sealed ? 1 : 0);
    }

    @Test
    void aChangedByteInAContent_answersThatItDoesNotOpen_namingThePath_whileAnotherFileReads() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("");
        String changed;
        String changedVersion;
        try (S3Store store = open(bucket, KEY)) {
            changedVersion = writtenBlob(store, bucket, "/memories/a.md", "first of a\n");
            changed = writtenBlob(store, bucket, "/memories/a.md", "second of a\n");
            write(store, "/memories/b.md", "all of b\n");
        }
        for (String key : List.of(changed, changedVersion)) {
            byte[] stored = LocalS3.objects(bucket).get(key);
            stored[stored.length / 2] ^= 1;
            LocalS3.put(bucket, key, stored);
        }
        SortedMap<String, byte[]> tampered = LocalS3.objects(bucket);

        try (S3Store store = open(bucket, KEY)) {
            MemoryTool tool = tool(store);
            CommandException broken = catchThrowableOfType(CommandException.class,
                    () -> tool.call("view", Map.of("path", "/memories/a.md")));
            StoreFault brokenVersion = catchThrowableOfType(StoreFault.class,
                    () -> version(store, "/memories/a.md", 1));
            CommandOutput other = tool.call("view", Map.of("path", "/memories/b.md"));

            assertThat(broken).hasMessage(KeyMessages.sealBroken("/memories/a.md"));
            assertThat(brokenVersion).hasMessage(KeyMessages.sealBroken("/memories/a.md"));
            assertThat(((CommandOutput.Text) other).text()).contains("all of b");
        }
        assertThat(LocalS3.objects(bucket)).containsOnlyKeys(tampered.keySet());
    }

    @Test
    void aContentCopiedOverAnotherPathsOrAnotherNamespaces_doesNotOpen() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("");
        String ofA;
        String ofB;
        String ofOther;
        try (S3Store team = open(bucket, KEY); S3Store other = open(bucket, "other", KEY)) {
            ofA = writtenBlob(team, bucket, "/memories/a.md", "a of team\n");
            ofB = writtenBlob(team, bucket, "/memories/b.md", "b of team\n");
            ofOther = writtenBlob(other, bucket, "/memories/b.md", "b of other\n");
        }
        SortedMap<String, byte[]> objects = LocalS3.objects(bucket);
        LocalS3.put(bucket, ofA, objects.get(ofB));
        LocalS3.put(bucket, ofB, objects.get(ofOther));

        try (S3Store team = open(bucket, KEY)) {
            assertThat(catchThrowableOfType(StoreFault.class, () -> read(team, "/memories/a.md")))
                    .hasMessage(KeyMessages.sealBroken("/memories/a.md"));
            assertThat(catchThrowableOfType(StoreFault.class, () -> read(team, "/memories/b.md")))
                    .hasMessage(KeyMessages.sealBroken("/memories/b.md"));
        }
    }

    @Test
    void aChangedManifest_isRefusedAtOpenAndByACall_withItsName() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("");
        try (S3Store watching = open(bucket, KEY)) {
            write(watching, "/memories/a.md", "one\n");
            try (S3Store writer = open(bucket, KEY)) {
                write(writer, "/memories/a.md", "two\n");
            }
            String commit = bucket.key(S3Store.space("team") + "/" + CommitLog.name(2));
            byte[] stored = LocalS3.objects(bucket).get(commit);
            stored[stored.length - 20] ^= 1;
            LocalS3.put(bucket, commit, stored);

            CommandException answered = catchThrowableOfType(CommandException.class,
                    () -> tool(watching).call("view", Map.of("path", "/memories/a.md")));

            assertThat(answered).hasMessage("Error: the manifest commits/000000000002 does not open under this"
                    + " memory's key: it was changed outside memdir, or sealed for another memory. Nothing was"
                    + " changed.");
        }
        Exception refused = catchThrowableOfType(Exception.class, () -> open(bucket, KEY));

        assertThat(refused).hasMessage(KeyMessages.manifestBroken("commits/000000000002"));
    }

    @Test
    void aCommitCopiedOverTheNext_doesNotOpen() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("");
        try (S3Store store = open(bucket, KEY)) {
            write(store, "/memories/a.md", "one\n");
            write(store, "/memories/a.md", "two\n");
        }
        SortedMap<String, byte[]> objects = LocalS3.objects(bucket);
        LocalS3.put(bucket, bucket.key(S3Store.space("team") + "/" + CommitLog.name(2)),
                objects.get(bucket.key(S3Store.space("team") + "/" + CommitLog.name(1))));

        Exception refused = catchThrowableOfType(Exception.class, () -> open(bucket, KEY));

        assertThat(refused).hasMessage(KeyMessages.manifestBroken("commits/000000000002"));
    }

    @Test
    void anEncryptedNamespaceWithoutItsKey_aPlainOneWithAKey_andAnotherKey_areRefusedWritingNothing()
            throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("");
        try (S3Store sealed = open(bucket, "sealed", KEY);
                S3Store plain = open(bucket, "plain", Optional.empty())) {
            write(sealed, "/memories/a.md", "sealed\n");
            write(plain, "/memories/a.md", "plain\n");
        }
        MemoryKeys another = TinkKeys.load(TestKeys.newKeyFile());
        SortedMap<String, byte[]> before = LocalS3.objects(bucket);

        Exception withoutKey = catchThrowableOfType(Exception.class, () -> open(bucket, "sealed", Optional.empty()));
        Exception plainWithKey = catchThrowableOfType(Exception.class,
                () -> open(bucket, "plain", KEY));
        Exception wrongKey = catchThrowableOfType(Exception.class,
                () -> open(bucket, "sealed", Optional.of(another)));

        assertThat(withoutKey).isInstanceOf(SealRefusedException.class)
                .hasMessage("it is encrypted: give its key with --key-file FILE (or MEMDIR_KEY_FILE)");
        assertThat(plainWithKey).isInstanceOf(SealRefusedException.class).hasMessage(KeyMessages.plainWithKey());
        assertThat(wrongKey).isInstanceOf(SealRefusedException.class)
                .hasMessage(KeyMessages.wrongKey(another.source()));
        // The probe's scratch objects come and go; nothing of the namespaces changed.
        assertThat(withoutProbe(LocalS3.objects(bucket))).containsOnlyKeys(withoutProbe(before).keySet());
    }

    private static SortedMap<String, byte[]> withoutProbe(SortedMap<String, byte[]> objects) {
        SortedMap<String, byte[]> kept = new TreeMap<>(objects);
        kept.keySet().removeIf(key -> key.startsWith("probe/"));
        return kept;
    }

    @Test
    void anEmptyNamespaceGivenAKey_getsARecord_unlessOpenedToRead() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("");
        try (S3Store reader = S3Store.open(S3Options.of(bucket, "team", LIMITS, "reader")
                .withCredentials(LocalS3.credentials()).withTimeout(TIMEOUT).withReadOnly(true).withKeys(KEY))) {
            assertThat(LocalS3.objects(bucket)).isEmpty();
        }
        try (S3Store writer = open(bucket, KEY)) {
            assertThat(LocalS3.objects(bucket)).containsOnlyKeys(bucket.key(S3Store.space("team") + "/data-key"));
        }
    }

    /** Runs {@code racer} on {@code racers} threads released at once; returns what each returned. */
    private static <T> List<T> race(int racers, Callable<T> racer) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<T>> running = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                running.add(pool.submit(() -> {
                    start.await();
                    return racer.call();
                }));
            }
            start.countDown();
            List<T> returned = new ArrayList<>();
            for (Future<T> each : running) {
                returned.add(each.get());
            }
            return returned;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void storesRacingToMakeTheRecord_endWithOne_andReadEachOthersFiles() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("");
        List<S3Store> stores = race(6, () -> open(bucket, KEY));
        try {
            for (int i = 0; i < stores.size(); i++) {
                write(stores.get(i), "/memories/" + i + ".md", "written by " + i + "\n");
            }
            for (S3Store store : stores) {
                for (int i = 0; i < stores.size(); i++) {
                    assertThat(read(store, "/memories/" + i + ".md")).isEqualTo("written by " + i + "\n");
                }
            }
        } finally {
            stores.forEach(S3Store::close);
        }
        assertThat(LocalS3.objects(bucket).keySet().stream().filter(key -> key.endsWith("/data-key"))).hasSize(1);
    }

    @Test
    void recordsRacingToBeCreated_allReturnTheOneKept() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("");
        AtomicInteger racer = new AtomicInteger();
        try (S3Client client = S3Clients.open(bucket, LocalS3.credentials(), TIMEOUT)) {
            BucketKeyRecord record = new BucketKeyRecord(client, bucket, S3Store.space("team"));

            List<byte[]> returned = race(8, () -> record.create(("record " + racer.getAndIncrement())
                    .getBytes(StandardCharsets.UTF_8)));

            byte[] kept = record.read().orElseThrow();
            assertThat(returned).hasSize(8).allSatisfy(each -> assertThat(each).isEqualTo(kept));
        }
    }

    @Test
    void rotation_rewrapsTheRecord_andWithResealing_sealsEveryFileAndVersionAgain_losingNone() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("");
        Path keyFile = TestKeys.newKeyFile();
        String record = bucket.key(S3Store.space("team") + "/data-key");
        try (S3Store store = open(bucket, Optional.of(TinkKeys.load(keyFile)))) {
            write(store, "/memories/a.md", "a one\n");
            write(store, "/memories/a.md", "a two\n");
            write(store, "/memories/b.md", "b one\n");
            store.change(files -> {
                files.move(path("/memories/b.md"), path("/memories/c.md"));
                return null;
            });
        }
        KeyFiles.rotate(keyFile);
        MemoryKeys rotated = TinkKeys.load(keyFile);
        SortedMap<String, byte[]> before = LocalS3.objects(bucket);

        long rewrapped;
        try (S3Store store = open(bucket, Optional.of(rotated))) {
            rewrapped = store.rotateKeys(false);
        }
        SortedMap<String, byte[]> afterRewrap = LocalS3.objects(bucket);
        long resealed;
        try (S3Store store = open(bucket, Optional.of(rotated))) {
            resealed = store.rotateKeys(true);
        }
        SortedMap<String, byte[]> afterReseal = LocalS3.objects(bucket);

        assertThat(rewrapped).isZero();
        assertThat(afterRewrap.get(record)).isNotEqualTo(before.get(record));
        assertThat(blobs(afterRewrap)).isEqualTo(blobs(before));
        // a.md, its version 1 (which shares nothing with it), c.md, and b.md's version kept by the rename.
        assertThat(resealed).isEqualTo(4);
        assertThat(blobs(afterReseal)).hasSize(4).doesNotContainAnyElementsOf(blobs(before));
        try (S3Store store = open(bucket, Optional.of(rotated))) {
            assertThat(read(store, "/memories/a.md")).isEqualTo("a two\n");
            assertThat(version(store, "/memories/a.md", 1)).isEqualTo("a one\n");
            assertThat(read(store, "/memories/c.md")).isEqualTo("b one\n");
            assertThat(version(store, "/memories/b.md", 1)).isEqualTo("b one\n");
        }
    }

    @Test
    void aKillBetweenTheNewRecordAndTheResealingCommit_leavesAMemoryThatOpens() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("");
        Path keyFile = TestKeys.newKeyFile();
        try (S3Store store = open(bucket, Optional.of(TinkKeys.load(keyFile)))) {
            write(store, "/memories/a.md", "a one\n");
            write(store, "/memories/a.md", "a two\n");
        }
        KeyFiles.rotate(keyFile);
        MemoryKeys rotated = TinkKeys.load(keyFile);
        try (S3Client client = S3Clients.open(bucket, LocalS3.credentials(), TIMEOUT)) {
            // What rotateKeys(true) leaves when killed before its commit: the record with a new data key, no more.
            BucketKeyRecord record = new BucketKeyRecord(client, bucket, S3Store.space("team"));
            record.replace(rotated.rewrap("team", record.read().orElseThrow(), true));
        }

        try (S3Store store = open(bucket, Optional.of(rotated))) {
            assertThat(read(store, "/memories/a.md")).isEqualTo("a two\n");
            assertThat(version(store, "/memories/a.md", 1)).isEqualTo("a one\n");
            write(store, "/memories/b.md", "b under the new data key\n");
        }
        try (S3Store store = open(bucket, Optional.of(rotated))) {
            assertThat(read(store, "/memories/b.md")).isEqualTo("b under the new data key\n");
        }
    }

    @Test
    void rotatingAPlainMemory_isRefused() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("");
        try (S3Store store = open(bucket, Optional.empty())) {
            assertThat(catchThrowableOfType(SealRefusedException.class, () -> store.rotateKeys(false)))
                    .hasMessage("it is not encrypted");
        }
    }

    private static List<String> blobs(SortedMap<String, byte[]> objects) {
        return objects.keySet().stream().filter(key -> key.contains("/blobs/")).toList();
    }
}
