package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.StoreLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecallTest {

    @TempDir
    Path temp;

    private final List<DirectoryStore> stores = new ArrayList<>();

    @AfterEach
    void closeStores() throws Exception {
        for (DirectoryStore store : stores) {
            store.close();
        }
    }

    private Recall recall(Path root) throws Exception {
        DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(root, StoreLimits.perFile(1 << 20),
                "recall-test"));
        stores.add(store);
        return new Recall(store);
    }

    private Path root() throws Exception {
        return Files.createDirectories(temp.resolve("a/b/memory"));
    }

    @Test
    void aPlantedRelevantFileRanksFirstAmong500() throws Exception {
        Path root = root();
        MemoryCorpus.write(root, 500);

        List<RecallMatch> matches = recall(root).search(MemoryCorpus.QUERY, 10);

        assertThat(matches).hasSize(10);
        assertThat(matches.get(0).path()).isEqualTo(MemoryCorpus.PLANTED);
        assertThat(matches.get(0).description()).isEqualTo("how to roll back a failed deployment");
        assertThat(matches).isSortedAccordingTo((x, y) -> Double.compare(y.score(), x.score()));
    }

    @Test
    void nameAndDescriptionOutweighTheSameWordsInTheBody() throws Exception {
        Path root = root();
        Files.writeString(root.resolve("a.md"), "The word lighthouse appears here once, in the text.\n");
        Files.writeString(root.resolve("lighthouse.md"), "Nothing about it in the text.\n");
        Files.writeString(root.resolve("c.md"), "---\ndescription: the lighthouse keeper\n---\nText.\n");

        List<RecallMatch> matches = recall(root).search("lighthouse", 5);

        assertThat(matches).extracting(RecallMatch::path)
                .containsExactly("/memories/lighthouse.md", "/memories/c.md", "/memories/a.md");
    }

    @Test
    void hiddenNamesLinksAndNonTextFilesAreNotRecalled() throws Exception {
        Path root = root();
        Files.writeString(root.resolve(".hidden.md"), "zebra\n");
        Files.createDirectories(root.resolve("node_modules")).resolve("x.md");
        Files.writeString(root.resolve("node_modules/x.md"), "zebra\n");
        Files.write(root.resolve("image.png"), new byte[] {(byte) 0x89, 'z', 'e', 'b', 'r', 'a', (byte) 0xff});
        Files.writeString(temp.resolve("outside.md"), "zebra\n");
        Files.createSymbolicLink(root.resolve("link.md"), temp.resolve("outside.md"));
        Files.writeString(root.resolve("kept.md"), "zebra\n");

        assertThat(recall(root).search("zebra", 10)).extracting(RecallMatch::path)
                .containsExactly("/memories/kept.md");
    }

    @Test
    void changedAndDeletedFilesAreSeenByTheNextSearch() throws Exception {
        Path root = root();
        Recall recall = recall(root);
        Files.writeString(root.resolve("one.md"), "apples\n");
        Files.writeString(root.resolve("two.md"), "pears\n");
        assertThat(recall.search("apples", 5)).extracting(RecallMatch::path).containsExactly("/memories/one.md");

        Files.writeString(root.resolve("two.md"), "apples and more apples, and pears\n");
        Files.delete(root.resolve("one.md"));

        assertThat(recall.search("apples", 5)).extracting(RecallMatch::path).containsExactly("/memories/two.md");
    }

    @Test
    void aQueryWithoutWordsOrWithoutMatchesFindsNothing() throws Exception {
        Path root = root();
        Files.writeString(root.resolve("one.md"), "apples\n");

        assertThat(recall(root).search("?! -", 5)).isEmpty();
        assertThat(recall(root).search("bananas", 5)).isEmpty();
    }
}
