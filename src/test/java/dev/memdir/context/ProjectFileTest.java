package dev.memdir.context;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProjectFileTest {

    @Test
    void aFileIsRelativeToEachProjectItLiesIn_theNearestFirst() {
        assertThat(ProjectFile.relativeTo("/work/repo/app/src/db/x.sql", List.of("/work/repo", "/work/repo/app")))
                .containsExactly("src/db/x.sql", "app/src/db/x.sql");
    }

    @Test
    void aFileOutsideEveryProjectIsNothing_however_itsNameClimbs() {
        assertThat(ProjectFile.relativeTo("/work/other/x.sql", List.of("/work/repo"))).isEmpty();
        assertThat(ProjectFile.relativeTo("/work/repo/../other/x.sql", List.of("/work/repo"))).isEmpty();
        assertThat(ProjectFile.relativeTo("/work/repository/x.sql", List.of("/work/repo"))).isEmpty();
    }

    @Test
    void aNameThatIsNoAbsolutePathIsNothing() {
        assertThat(ProjectFile.relativeTo("src/x.sql", List.of("/work/repo"))).isEmpty();
        assertThat(ProjectFile.relativeTo("/work/repo/x\0.sql", List.of("/work/repo"))).isEmpty();
        assertThat(ProjectFile.relativeTo("", List.of("/work/repo"))).isEmpty();
        assertThat(ProjectFile.relativeTo("/work/repo/" + "a/".repeat(3000), List.of("/work/repo"))).isEmpty();
        assertThat(ProjectFile.relativeTo("/work/repo/x.sql", List.of("", "relative"))).isEmpty();
    }
}
