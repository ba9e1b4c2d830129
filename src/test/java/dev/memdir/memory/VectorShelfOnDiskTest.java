package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where the directory store keeps recall's vector segments: {@code .memdir-vectors} in the root, owner-only. */
class VectorShelfOnDiskTest extends OnDisk {

    @Test
    void add_keepsTheSegmentOwnerOnly_inTheRootsReservedDirectory_namedByItsId() throws Exception {
        memory.store.vectors().add("a vector".getBytes(StandardCharsets.UTF_8));

        String id = memory.store.vectors().segments().get(0).id();
        assertThat(memory.names(".memdir-vectors")).containsExactly(id);
        assertThat(memory.mode(".memdir-vectors")).isEqualTo("rwx------");
        assertThat(memory.mode(".memdir-vectors/" + id)).isEqualTo("rw-------");
        assertThat(memory.disk(".memdir-vectors/" + id)).hasContent("a vector");
    }

    @Test
    void linkAsTheVectorsDirectory_neverFollowed() throws Exception {
        Path outside = outsideHolding("secret");
        Files.createSymbolicLink(memory.disk(".memdir-vectors"), outside);

        assertThatThrownBy(() -> memory.store.vectors().add("a vector".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class);
        assertThat(memory.store.vectors().segments()).isEmpty();
        assertThat(memory.names("../outside")).containsExactly("secret.txt");
    }

    @Test
    void open_tempFileAKilledWriterLeftAmongTheSegments_removed_segmentsKept() throws Exception {
        memory.store.vectors().add("kept".getBytes(StandardCharsets.UTF_8));
        Files.writeString(memory.disk(".memdir-vectors/.memdir-tmp-killed"), "half a segm");

        memory.another(StoreLimits.perFile(MemoryFixture.DEFAULT_MAX_FILE_BYTES), "next").close();

        assertThat(memory.names(".memdir-vectors")).hasSize(1).noneMatch(name -> name.startsWith(".memdir"));
        assertThat(memory.store.vectors().segments()).hasSize(1);
    }

    @Test
    void fileNamedByHandAmongTheSegments_noSegment_leftAlone() throws Exception {
        memory.store.vectors().add("a vector".getBytes(StandardCharsets.UTF_8));
        Files.writeString(memory.disk(".memdir-vectors/notes.txt"), "by hand");

        assertThat(memory.store.vectors().segments()).hasSize(1);
        assertThat(memory.disk(".memdir-vectors/notes.txt")).hasContent("by hand");
    }
}
