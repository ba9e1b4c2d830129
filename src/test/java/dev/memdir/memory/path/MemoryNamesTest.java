package dev.memdir.memory.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MemoryNamesTest {

    @Test
    void memdirsOwnNamesAreReservedAndNeverListed() {
        for (String name : new String[] {".memdir.lock", ".memdir-usage", ".memdir-history", ".memdir-tmp-1"}) {
            assertThat(MemoryNames.reserved(name)).as(name).isTrue();
            assertThat(MemoryNames.listed(name)).as(name).isFalse();
        }
    }

    @Test
    void dotNamesAndNodeModulesAreHiddenButNotReserved() {
        for (String name : new String[] {".hidden.md", ".git", "node_modules", "..a"}) {
            assertThat(MemoryNames.reserved(name)).as(name).isFalse();
            assertThat(MemoryNames.listed(name)).as(name).isFalse();
        }
    }

    @Test
    void everyOtherNameIsListed() {
        for (String name : new String[] {"notes.md", "memdir.lock", "node_modules2", "a.hidden", "MEMORY.md"}) {
            assertThat(MemoryNames.listed(name)).as(name).isTrue();
            assertThat(MemoryNames.reserved(name)).as(name).isFalse();
        }
    }

    @Test
    void theParserRefusesReservedNamesOnly() throws Exception {
        assertThat(MemoryPathParser.parse("/memories/.hidden/node_modules/x.md").segments())
                .containsExactly(".hidden", "node_modules", "x.md");
        assertThatThrownBy(() -> MemoryPathParser.parse("/memories/a/.memdir-usage"))
                .isInstanceOf(InvalidMemoryPathException.class)
                .hasMessageContaining("names starting with .memdir are reserved");
    }
}
