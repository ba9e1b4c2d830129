package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Path checks through the tool: the message for each kind of rejected path, on every path field. */
class PathSafetyTest extends OnEveryStore {

    Path outside;

    @BeforeEach
    void open() throws IOException {
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
}
