package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.render.SizeFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class ViewDirectoryTest extends OnEveryStore {

    @Test
    void view_emptyRoot_headerAndRootLine() throws Exception {
        String rootSize = SizeFormat.format(memory.size(""));

        assertThat(memory.view("/memories")).isEqualTo(
                "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:\n"
                        + rootSize + "\t/memories");
        assertThat(rootSize).matches("\\d+(\\.\\d)?[BKMGT]");
    }

    @Test
    void view_rootWithTrailingSlash_echoedWithoutIt() throws Exception {
        assertThat(memory.view("/memories/")).isEqualTo(memory.view("/memories"));
    }

    @Test
    void view_nestedTree_preOrderSortedTwoLevelsDeep() throws Exception {
        memory.write("a.md", "alpha");
        memory.write("Z.md", "zz");
        memory.write("a-b.md", "");
        memory.write("b/c.md", "x".repeat(1536));
        memory.write("b/d/e.md", "too deep to list");
        memory.mkdirs("b/d/f");
        memory.write("b0.md", "0123456789abcdefg");

        assertThat(memory.view("/memories")).isEqualTo(memory.listing("",
                "2B\t/memories/Z.md",
                "0B\t/memories/a-b.md",
                "5B\t/memories/a.md",
                memory.directoryRow("b"),
                "1.5K\t/memories/b/c.md",
                memory.directoryRow("b/d"),
                "17B\t/memories/b0.md"));
    }

    @Test
    void view_subdirectory_depthCountsFromIt() throws Exception {
        memory.write("b/c.md", "c");
        memory.write("b/d/e.md", "e");
        memory.write("b/d/f/g.md", "not listed");

        assertThat(memory.view("/memories/b/")).isEqualTo(memory.listing("b",
                "1B\t/memories/b/c.md",
                memory.directoryRow("b/d"),
                "1B\t/memories/b/d/e.md",
                memory.directoryRow("b/d/f")));
    }

    @Test
    void view_hiddenNamesAndNodeModules_skippedWithEverythingBelow() throws Exception {
        memory.write("keep.md", "k");
        memory.write("sub/node_modules2.md", "n");
        for (String hidden : List.of(".hidden.md", ".git/config", "node_modules/x.js", "sub/.secret",
                "sub/node_modules/y.js")) {
            memory.write(hidden, "h");
        }

        assertThat(memory.view("/memories")).isEqualTo(memory.listing("",
                "1B\t/memories/keep.md",
                memory.directoryRow("sub"),
                "1B\t/memories/sub/node_modules2.md"));
    }

    @Test
    void view_directory_ignoresViewRange() throws Exception {
        memory.write("a.md", "alpha");

        assertThat(memory.text("view", "path", "/memories", "view_range", List.of(2, 2)))
                .isEqualTo(memory.view("/memories"));
    }
}
