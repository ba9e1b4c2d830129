package dev.memdir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

class SharedFolderTest {

    @TempDir
    Path temp;

    @Test
    void aPresentFolderIsReturned() {
        assertThat(SharedFolder.require(temp, "true")).isEqualTo(temp);
    }

    @Test
    void aMissingFolderSkipsTheTestOutsideCi() {
        Path missing = temp.resolve("shared/schemas");

        assertThatThrownBy(() -> SharedFolder.require(missing, null))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("Missing " + missing + ": this test reads the team's shared folder");
    }

    @Test
    void aMissingFolderFailsTheTestUnderCi() {
        Path missing = temp.resolve("shared/schemas");

        assertThatThrownBy(() -> SharedFolder.require(missing, "true"))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage("Missing " + missing + ": this test reads the team's shared folder beside the repository");
    }
}
