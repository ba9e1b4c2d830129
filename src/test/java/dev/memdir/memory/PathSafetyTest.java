package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.EnumSource;

/** Path checks through the tool: the message for each kind of rejected path, on every path field, and symlinks. */
@ParameterizedClass
@EnumSource(StoreKind.class)
class PathSafetyTest {

    private static final String ESCAPE_VIA_SYMLINK = "Error: Path would escape /memories directory via symlink";

    @Parameter StoreKind kind;
    @TempDir Path temp;
    @AutoClose MemoryFixture memory;
    Path outside;

    @BeforeEach
    void open() throws IOException {
        memory = MemoryFixture.open(temp, kind);
        outside = Files.createDirectories(temp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "secret");
    }

    /** Each command with {@code BAD} in one of its path fields, the other fields valid. */
    static Stream<Arguments> pathFields() {
        return Stream.of(
                Arguments.of("view", new Object[] {"path", "BAD"}),
                Arguments.of("create", new Object[] {"path", "BAD", "file_text", "x"}),
                Arguments.of("str_replace", new Object[] {"path", "BAD", "old_str", "a", "new_str", "b"}),
                Arguments.of("insert", new Object[] {"path", "BAD", "insert_line", 0, "insert_text", "x"}),
                Arguments.of("delete", new Object[] {"path", "BAD"}),
                Arguments.of("rename", new Object[] {"old_path", "BAD", "new_path", "/memories/b.md"}),
                Arguments.of("rename", new Object[] {"old_path", "/memories/a.md", "new_path", "BAD"}));
    }

    static Stream<Arguments> rejectedPaths() {
        return pathFields().flatMap(field -> Stream.of(
                Arguments.of(field.get()[0], field.get()[1], "/tmp/x",
                        "Error: Path must start with /memories, got: /tmp/x"),
                Arguments.of(field.get()[0], field.get()[1], "/memoriesfoo",
                        "Error: Path must start with /memories, got: /memoriesfoo"),
                Arguments.of(field.get()[0], field.get()[1], "/memories/../outside/secret.txt",
                        "Error: Path /memories/../outside/secret.txt would escape /memories directory"),
                Arguments.of(field.get()[0], field.get()[1], "/memories/%2e%2e/outside",
                        "Error: Path /memories/%2e%2e/outside would escape /memories directory"),
                Arguments.of(field.get()[0], field.get()[1], "/memories/a//b",
                        "Error: Invalid path /memories/a//b: empty segment"),
                Arguments.of(field.get()[0], field.get()[1], "/memories/a\u0000b",
                        "Error: Invalid path /memories/a\u0000b: control character U+0000 at index 11")));
    }

    @ParameterizedTest(name = "{0} {1}: {2}")
    @MethodSource("rejectedPaths")
    void call_rejectedPath_refusedBeforeTouchingDisk(String command, Object[] template, String bad, String expected)
            throws Exception {
        memory.write("a.md", "a");
        Object[] args = template.clone();
        for (int i = 1; i < args.length; i += 2) {
            if ("BAD".equals(args[i])) {
                args[i] = bad;
            }
        }

        assertThat(memory.error(command, args)).isEqualTo(expected);
        assertThat(memory.listed("")).containsExactly("a.md");
        assertThat(outside.resolve("secret.txt")).hasContent("secret");
    }

    @Test
    void view_throughLinkLeavingRoot_refused() throws Exception {
        Files.createSymbolicLink(memory.disk("out"), outside);

        assertThat(memory.error("view", "path", "/memories/out/secret.txt")).isEqualTo(ESCAPE_VIA_SYMLINK);
        assertThat(memory.error("view", "path", "/memories/out")).isEqualTo(ESCAPE_VIA_SYMLINK);
    }

    @Test
    void create_throughLinkLeavingRoot_refusedAndNothingWrittenOutside() throws Exception {
        Files.createSymbolicLink(memory.disk("out"), outside);

        assertThat(memory.error("create", "path", "/memories/out/new.txt", "file_text", "x")).isEqualTo(ESCAPE_VIA_SYMLINK);
        assertThat(memory.error("create", "path", "/memories/out/sub/new.txt", "file_text", "x"))
                .isEqualTo(ESCAPE_VIA_SYMLINK);
        try (Stream<Path> children = Files.list(outside)) {
            assertThat(children.map(p -> p.getFileName().toString())).containsExactly("secret.txt");
        }
    }

    @Test
    void create_onDanglingLinkToOutside_refusedAndNothingWrittenOutside() throws Exception {
        Files.createSymbolicLink(memory.disk("dangling.md"), outside.resolve("planted.md"));

        assertThat(memory.error("create", "path", "/memories/dangling.md", "file_text", "x"))
                .isEqualTo(ESCAPE_VIA_SYMLINK);
        assertThat(outside.resolve("planted.md")).doesNotExist();
    }

    @Test
    void strReplace_onLinkToOutsideFile_refusedAndTargetUnchanged() throws Exception {
        Files.createSymbolicLink(memory.disk("secret.txt"), outside.resolve("secret.txt"));

        assertThat(memory.error("str_replace", "path", "/memories/secret.txt", "old_str", "secret", "new_str", "x"))
                .isEqualTo(ESCAPE_VIA_SYMLINK);
        assertThat(outside.resolve("secret.txt")).hasContent("secret");
    }

    @Test
    void view_finalLinkInsideRoot_notFollowed() throws Exception {
        memory.write("a.md", "a");
        Files.createSymbolicLink(memory.disk("link.md"), memory.disk("a.md"));

        assertThat(memory.error("view", "path", "/memories/link.md"))
                .isEqualTo("Error: The path /memories/link.md is a symbolic link, and memdir does not follow links");
    }

    @Test
    void view_throughDirectoryLinkInsideRoot_allowed() throws Exception {
        memory.write("d/a.md", "a");
        Files.createSymbolicLink(memory.disk("alias"), memory.disk("d"));

        assertThat(memory.view("/memories/alias/a.md"))
                .isEqualTo("Here's the content of /memories/alias/a.md with line numbers:\n     1\ta");
    }

    @Test
    void rename_intoLinkLeavingRoot_refusedAndSourceKept() throws Exception {
        memory.write("a.md", "a");
        Files.createSymbolicLink(memory.disk("out"), outside);

        assertThat(memory.error("rename", "old_path", "/memories/a.md", "new_path", "/memories/out/a.md"))
                .isEqualTo(ESCAPE_VIA_SYMLINK);
        assertThat(memory.read("a.md")).isEqualTo("a");
        assertThat(outside.resolve("a.md")).doesNotExist();
    }
}
