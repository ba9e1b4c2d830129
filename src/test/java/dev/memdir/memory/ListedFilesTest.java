package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.store.ListedFile;
import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.Sha256;
import dev.memdir.recall.Recall;
import dev.memdir.recall.RecallMatch;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What recall, ages and completions see of a memory: its listed files, the same on every store. */
class ListedFilesTest extends OnEveryStore {

    @BeforeEach
    void open() throws IOException {
        memory.write("MEMORY.md", "- [Lighthouse](topics/lighthouse.md)\n");
        memory.write("topics/lighthouse.md", "---\ndescription: the keeper's log\n---\nThe lamp is lit at dusk.\n");
        for (String unlisted : List.of("topics/.draft.md", "node_modules/pkg/lighthouse.md", ".cache/lighthouse.md")) {
            memory.write(unlisted, "lighthouse\n");
        }
    }

    @Test
    void onlyFilesWhoseEveryNameIsListed() throws Exception {
        assertThat(memory.store.listedFiles()).extracting(ListedFile::relative)
                .containsExactlyInAnyOrder("MEMORY.md", "topics/lighthouse.md");
        assertThat(memory.store.listedFiles()).filteredOn(file -> file.relative().equals("MEMORY.md"))
                .singleElement().satisfies(file -> {
                    assertThat(file.path().display()).isEqualTo("/memories/MEMORY.md");
                    assertThat(file.size()).isEqualTo("- [Lighthouse](topics/lighthouse.md)\n".length());
                });
    }

    @Test
    void recallRanksTheListedFilesOfTheStore() throws Exception {
        assertThat(new Recall(memory.store).search("lighthouse", 10)).extracting(RecallMatch::path)
                .containsExactlyInAnyOrder("/memories/topics/lighthouse.md", "/memories/MEMORY.md");
    }

    @Test
    void agesGiveEachFilesSha256() throws Exception {
        assertThat(MemoryAges.of(memory.store, MemoryFixture.NOW, Duration.ofDays(90)))
                .filteredOn(age -> age.path().equals("/memories/MEMORY.md")).singleElement()
                .extracting(MemoryAges.Age::sha256).isEqualTo(Sha256.hex(memory.readBytes("MEMORY.md")));
    }

    @Test
    void recallToldOfChanges_listsTheStoreAgainOnlyAfterAChangeIsReported() throws Exception {
        Recall recall = Recall.toldOfChanges(memory.store, Optional.empty());
        assertThat(recall.search("beacon", 10)).isEmpty();
        memory.write("topics/beacon.md", "The beacon is lit at dawn.\n");

        assertThat(recall.search("beacon", 10)).as("no report yet").isEmpty();
        recall.changed(MemoryChanges.of(Set.of("topics/beacon.md")));
        assertThat(recall.search("beacon", 10)).extracting(RecallMatch::path)
                .containsExactly("/memories/topics/beacon.md");
    }

    @Test
    void recallToldOfChanges_seesAChangeThroughItsOwnStoreBeforeAnyReport() throws Exception {
        Recall recall = Recall.toldOfChanges(memory.store, Optional.empty());
        assertThat(recall.search("beacon", 10)).isEmpty();

        memory.text("create", "path", "/memories/topics/beacon.md", "file_text", "The beacon is lit at dawn.\n");

        assertThat(recall.search("beacon", 10)).extracting(RecallMatch::path)
                .containsExactly("/memories/topics/beacon.md");
    }

    @Test
    void agesCoverTheListedFilesOfTheStore() throws Exception {
        assertThat(MemoryAges.of(memory.store, MemoryFixture.NOW, Duration.ofDays(90))).extracting(MemoryAges.Age::path)
                .containsExactlyInAnyOrder("/memories/MEMORY.md", "/memories/topics/lighthouse.md");
    }
}
