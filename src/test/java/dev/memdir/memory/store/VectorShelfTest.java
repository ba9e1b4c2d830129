package dev.memdir.memory.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.Eventually;
import dev.memdir.memory.ChangeReports;
import dev.memdir.memory.MemoryFixture;
import dev.memdir.memory.OnEveryStore;
import dev.memdir.memory.StoreKind;
import dev.memdir.memory.TestKeys;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The shelf where recall keeps its vectors ({@link VectorShelf}), on every store: segments come back byte for byte,
 * outlive the store that wrote them, are replaced without losing one another process added meanwhile, stay out of
 * the memory's paths, listings and counts, and are sealed on an encrypted memory, bound to it.
 */
class VectorShelfTest extends OnEveryStore {

    private static final byte[] EVERY_BYTE = everyByte();

    @Test
    void add_segmentsReturnsEachByteForByte_underIdsOfItsOwn() throws Exception {
        byte[] large = new byte[300_000];
        new Random(25).nextBytes(large);

        memory.store.vectors().add(EVERY_BYTE);
        memory.store.vectors().add(large);
        memory.store.vectors().add(new byte[0]);

        List<VectorShelf.Segment> segments = listed(memory.store, 3);
        assertThat(hex(segments)).containsExactlyInAnyOrder(hex(EVERY_BYTE), hex(large), "");
        assertThat(segments).extracting(VectorShelf.Segment::id).doesNotHaveDuplicates()
                .allMatch(id -> id.matches("[0-9a-f]{32}"));
    }

    @Test
    void replace_removesOnlyTheNamedSegments_keepsOnesAddedMeanwhileByAnotherProcess() throws Exception {
        VectorShelf shelf = memory.store.vectors();
        shelf.add(text("one"));
        shelf.add(text("two"));
        List<String> read = ids(listed(memory.store, 2));
        try (MemoryStore other = memory.another(StoreLimits.perFile(MemoryFixture.DEFAULT_MAX_FILE_BYTES),
                "another-process")) {
            other.vectors().add(text("three, added meanwhile"));
            listed(other, 3);

            shelf.replace(read, text("one and two"));

            assertThat(hex(listed(other, 2))).containsExactlyInAnyOrder(hex(text("three, added meanwhile")),
                    hex(text("one and two")));
        }
    }

    @Test
    void add_manyAtOnceFromTwoProcesses_noneLost() throws Exception {
        int each = 20;
        try (MemoryStore other = memory.another(StoreLimits.perFile(MemoryFixture.DEFAULT_MAX_FILE_BYTES),
                "another-process")) {
            ExecutorService writers = Executors.newFixedThreadPool(4);
            try {
                List<Future<?>> adds = new ArrayList<>();
                for (int i = 0; i < each; i++) {
                    for (MemoryStore store : List.of(memory.store, other)) {
                        byte[] segment = text(store == other ? "other " + i : "this " + i);
                        adds.add(writers.submit(() -> {
                            store.vectors().add(segment);
                            return null;
                        }));
                    }
                }
                for (Future<?> add : adds) {
                    add.get(60, TimeUnit.SECONDS);
                }
            } finally {
                writers.shutdown();
            }
        }

        assertThat(hex(listed(memory.store, 2 * each))).doesNotHaveDuplicates()
                .contains(hex(text("this 0")), hex(text("other " + (each - 1))));
    }

    @Test
    void replace_idsAlreadyGone_noError() throws Exception {
        memory.store.vectors().add(text("one"));
        List<String> read = ids(listed(memory.store, 1));
        memory.store.vectors().replace(read, text("merged once"));
        String merged = ids(listed(memory.store, 1)).get(0);

        memory.store.vectors().replace(List.of(read.get(0), merged), text("merged twice"));

        assertThat(hex(listed(memory.store, 1))).containsExactly(hex(text("merged twice")));
    }

    @Test
    void replace_anIdNoShelfGives_refusedAndNothingAdded() throws Exception {
        assertThatThrownBy(() -> memory.store.vectors().replace(List.of("../MEMORY.md"), text("merged")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not the id of a vector segment: ../MEMORY.md");
        assertThat(memory.store.vectors().segments()).isEmpty();
    }

    @Test
    void segments_outliveTheStoreThatAddedThem() throws Exception {
        try (MemoryStore first = memory.another(StoreLimits.perFile(MemoryFixture.DEFAULT_MAX_FILE_BYTES), "first")) {
            first.vectors().add(EVERY_BYTE);
        }

        try (MemoryStore again = memory.another(StoreLimits.perFile(MemoryFixture.DEFAULT_MAX_FILE_BYTES), "again")) {
            assertThat(hex(listed(again, 1))).containsExactly(hex(EVERY_BYTE));
        }
    }

    @Test
    void shelf_isNoPartOfTheMemory_noPathListingOrCountReachesIt() throws Exception {
        memory.text("create", "path", "/memories/notes.md", "file_text", "a note\n");
        String listing = memory.view("/memories");
        Usage usage = memory.store.usage();

        memory.store.vectors().add(text("a vector"));
        listed(memory.store, 1);

        assertThat(memory.view("/memories")).isEqualTo(listing);
        assertThat(memory.store.usage()).isEqualTo(usage);
        assertThat(memory.store.listedFiles()).extracting(file -> file.relative()).containsExactly("notes.md");
        assertThat(memory.error("view", "path", "/memories/.memdir-vectors"))
                .isEqualTo("Error: Invalid path /memories/.memdir-vectors: names starting with .memdir are reserved");
        assertThat(memory.error("view", "path", "/memories/vectors"))
                .isEqualTo("Error: The path /memories/vectors does not exist. Please provide a valid path.");
    }

    @Test
    void shelf_noWatcherHearsOfIt() throws Exception {
        ChangeReports reports = new ChangeReports();
        try (Closeable watch = memory.store.changes().listen(reports);
                MemoryStore other = memory.another(StoreLimits.perFile(MemoryFixture.DEFAULT_MAX_FILE_BYTES), "other")) {
            memory.store.vectors().add(text("one"));
            memory.store.vectors().replace(ids(listed(memory.store, 1)), text("merged"));
            // Through another store, so that the barrier too is heard by the watcher, after what came before it.
            MemoryPath barrier = MemoryPathParser.parse("/memories/barrier.md");
            other.change(files -> {
                files.write(barrier, "written last\n".getBytes(StandardCharsets.UTF_8));
                return null;
            });

            assertThat(reports.through("barrier.md", kind.noticeWithin().multipliedBy(10)))
                    .allSatisfy(changes -> assertThat(changes.paths()).containsOnly("barrier.md"));
        }
    }

    @Test
    void segment_sealedOnAnEncryptedMemory_plainOnAPlainOne() throws Exception {
        String marker = "vector-marker-" + UUID.randomUUID();

        memory.store.vectors().add(text(marker));
        listed(memory.store, 1);

        assertThat(memory.storedAnywhere(marker)).isEqualTo(!kind.sealed());
    }

    @Test
    void segmentCopiedIntoAnotherMemory_opensThereOnlyWhenPlain() throws Exception {
        try (MemoryFixture other = MemoryFixture.open(temp.resolve("other"), kind)) {
            other.store.vectors().add(text("the other memory's own"));
            memory.store.vectors().add(text("copied"));
            listed(memory.store, 1);
            listed(other.store, 1);

            memory.copyVectorsTo(other);

            List<String> opened = hex(listed(other.store, kind.sealed() ? 1 : 2));
            if (kind.sealed()) {
                assertThat(opened).containsExactly(hex(text("the other memory's own")));
            } else {
                assertThat(opened).containsExactlyInAnyOrder(hex(text("the other memory's own")),
                        hex(text("copied")));
            }
        }
    }

    @Test
    void memoryHoldingOnlySegments_isNotEmpty_theOtherKeyChoiceIsRefused() throws Exception {
        memory.store.vectors().add(text("a vector"));
        listed(memory.store, 1);

        assertThatThrownBy(() -> memory.openedWith(kind.sealed() ? Optional.empty() : Optional.of(TestKeys.shared()))
                .close()).isInstanceOf(SealRefusedException.class);
    }

    @Test
    void rotateKeysSealingAgain_sealsEachSegmentAgainUnderANewId_plainMemoryRefused() throws Exception {
        memory.store.vectors().add(EVERY_BYTE);
        List<String> before = ids(listed(memory.store, 1));

        if (kind.sealed()) {
            memory.store.rotateKeys(true);
            List<VectorShelf.Segment> after = listed(memory.store, 1);
            assertThat(hex(after)).containsExactly(hex(EVERY_BYTE));
            assertThat(ids(after)).doesNotContainAnyElementsOf(before);
        } else {
            assertThatThrownBy(() -> memory.store.rotateKeys(true)).isInstanceOf(SealRefusedException.class);
            assertThat(ids(listed(memory.store, 1))).isEqualTo(before);
        }
    }

    /**
     * Returns the shelf's segments once it lists {@code count}: at once, or on S3 within 30 s (S3Proxy's listing has
     * been seen to show a new object a moment after its put answered on a loaded machine).
     */
    private List<VectorShelf.Segment> listed(MemoryStore store, int count) throws IOException, InterruptedException {
        Duration patience = kind.plain() == StoreKind.S3 ? Duration.ofSeconds(30) : Duration.ZERO;
        return Eventually.value(count + " segments on the shelf", patience, () -> store.vectors().segments(),
                segments -> segments.size() == count);
    }

    private static List<String> ids(List<VectorShelf.Segment> segments) {
        return segments.stream().map(VectorShelf.Segment::id).toList();
    }

    private static List<String> hex(List<VectorShelf.Segment> segments) {
        return segments.stream().map(segment -> hex(segment.bytes())).toList();
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    private static byte[] text(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] everyByte() {
        byte[] bytes = new byte[256];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) i;
        }
        return bytes;
    }
}
