package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.StoreLimits;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class MemoryToolTest extends OnEveryStore {

    @Test
    void commands_listedInReferenceOrder() {
        assertThat(MemoryTool.COMMANDS).containsExactly("view", "create", "str_replace", "insert", "delete", "rename");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"explode", "", "View", "str-replace", "undo_edit"})
    void call_unknownCommand_refusedNamingValidOnes(String command) {
        assertThat(memory.error(command, "path", "/memories"))
                .isEqualTo("Error: Unknown command `" + command
                        + "`. Valid commands: view, create, str_replace, insert, delete, rename");
    }

    @Test
    void call_nullCommand_clearErrorNotACrash() {
        Throwable thrown = catchThrowable(
                () -> memory.tool.call(null, MemoryFixture.args("path", "/memories")));

        assertThat(thrown).isInstanceOf(CommandException.class);
        assertThat(((CommandException) thrown).text()).startsWith("Error: ");
    }

    static Stream<Arguments> missingParameters() {
        return Stream.of(
                Arguments.of("view", "path", Map.of()),
                Arguments.of("create", "path", Map.of("file_text", "x")),
                Arguments.of("create", "file_text", Map.of("path", "/memories/f.md")),
                Arguments.of("str_replace", "path", Map.of("old_str", "a", "new_str", "b")),
                Arguments.of("str_replace", "old_str", Map.of("path", "/memories/f.md", "new_str", "b")),
                Arguments.of("insert", "path", Map.of("insert_line", 0, "insert_text", "x")),
                Arguments.of("insert", "insert_line", Map.of("path", "/memories/f.md", "insert_text", "x")),
                Arguments.of("insert", "insert_text", Map.of("path", "/memories/f.md", "insert_line", 0)),
                Arguments.of("delete", "path", Map.of()),
                Arguments.of("rename", "old_path", Map.of("new_path", "/memories/b.md")),
                Arguments.of("rename", "new_path", Map.of("old_path", "/memories/f.md")));
    }

    @ParameterizedTest(name = "{0} without {1}")
    @MethodSource("missingParameters")
    void call_missingParameter_refusedNamingIt(String command, String parameter, Map<String, Object> args)
            throws Exception {
        memory.write("f.md", "a");

        assertThat(errorOf(command, args))
                .isEqualTo("Error: Missing required parameter `" + parameter + "` for command " + command);
        assertThat(memory.listed("")).containsExactly("f.md");
        assertThat(memory.read("f.md")).isEqualTo("a");
    }

    @Test
    void call_nullArguments_treatedAsEmpty() {
        assertThat(errorOf("view", null)).isEqualTo("Error: Missing required parameter `path` for command view");
    }

    @Test
    void call_nullValue_treatedAsMissing() {
        assertThat(memory.error("create", "path", "/memories/f.md", "file_text", null))
                .isEqualTo("Error: Missing required parameter `file_text` for command create");
    }

    static Stream<Arguments> wrongTypes() {
        return Stream.of(
                Arguments.of("view", "path", Map.of("path", 42), "a string"),
                Arguments.of("view", "path", Map.of("path", List.of("/memories")), "a string"),
                Arguments.of("create", "file_text", Map.of("path", "/memories/f.md", "file_text", List.of("a")),
                        "a string"),
                Arguments.of("create", "file_text", Map.of("path", "/memories/f.md", "file_text", 7), "a string"),
                Arguments.of("str_replace", "old_str", Map.of("path", "/memories/f.md", "old_str", 1), "a string"),
                Arguments.of("str_replace", "new_str",
                        Map.of("path", "/memories/f.md", "old_str", "a", "new_str", false), "a string"),
                Arguments.of("insert", "insert_line",
                        Map.of("path", "/memories/f.md", "insert_line", "0", "insert_text", "x"), "an integer"),
                Arguments.of("insert", "insert_text",
                        Map.of("path", "/memories/f.md", "insert_line", 0, "insert_text", 5), "a string"),
                Arguments.of("delete", "path", Map.of("path", true), "a string"),
                Arguments.of("rename", "old_path", Map.of("old_path", 1, "new_path", "/memories/b.md"), "a string"),
                Arguments.of("rename", "new_path", Map.of("old_path", "/memories/f.md", "new_path", Map.of()),
                        "a string"),
                Arguments.of("view", "view_range", Map.of("path", "/memories/f.md", "view_range", "1-2"),
                        "an array of two integers"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("wrongTypes")
    void call_wrongType_refusedNamingParameterAndType(String command, String parameter, Map<String, Object> args,
            String expected) throws Exception {
        memory.write("f.md", "a");

        assertThat(errorOf(command, args))
                .isEqualTo("Error: Parameter `" + parameter + "` of command " + command + " must be " + expected);
        assertThat(memory.read("f.md")).isEqualTo("a");
    }

    static Stream<Arguments> writes() {
        return Stream.of(
                Arguments.of("create", Map.of("path", "/memories/new.md", "file_text", "x")),
                Arguments.of("str_replace", Map.of("path", "/memories/f.md", "old_str", "a", "new_str", "b")),
                Arguments.of("insert", Map.of("path", "/memories/f.md", "insert_line", 0, "insert_text", "x")),
                Arguments.of("delete", Map.of("path", "/memories/f.md")),
                Arguments.of("rename", Map.of("old_path", "/memories/f.md", "new_path", "/memories/g.md")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("writes")
    void readOnly_refusesWritesAndChangesNothing(String command, Map<String, Object> args) throws Exception {
        try (MemoryFixture readOnly = MemoryFixture.open(temp.resolve("ro"), kind,
                StoreLimits.perFile(MemoryFixture.DEFAULT_MAX_FILE_BYTES), HistoryLimits.DEFAULT, true)) {
            readOnly.write("f.md", "a");

            CommandException e = catchThrowableOfType(CommandException.class, () -> readOnly.tool.call(command, args));

            assertThat(e.text()).isEqualTo("Error: The memory directory is read-only in this server (--read-only), so "
                    + command + " is not available");
            assertThat(readOnly.listed("")).containsExactly("f.md");
            assertThat(readOnly.read("f.md")).isEqualTo("a");
        }
    }

    @Test
    void readOnly_allowsView() throws Exception {
        try (MemoryFixture readOnly = MemoryFixture.open(temp.resolve("ro"), kind,
                StoreLimits.perFile(MemoryFixture.DEFAULT_MAX_FILE_BYTES), HistoryLimits.DEFAULT, true)) {
            readOnly.write("f.md", "a");

            assertThat(readOnly.view("/memories/f.md"))
                    .isEqualTo("Here's the content of /memories/f.md with line numbers:\n     1\ta");
            assertThat(readOnly.view("/memories")).endsWith("\t/memories\n1B\t/memories/f.md");
        }
    }

    static Stream<Arguments> editsOfLatin1() {
        return Stream.of(
                Arguments.of("insert", "caf\u00e9",
                        Map.of("path", "/memories/latin1.txt", "insert_line", 0, "insert_text", "x")),
                Arguments.of("str_replace", "caf\u00e9\n",
                        Map.of("path", "/memories/latin1.txt", "old_str", "caf", "new_str", "tea")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("editsOfLatin1")
    void edit_notUtf8_refusedAndUnchanged(String command, String latin1Text, Map<String, Object> args)
            throws Exception {
        byte[] latin1 = latin1Text.getBytes(StandardCharsets.ISO_8859_1);
        memory.writeBytes("latin1.txt", latin1);

        assertThat(errorOf(command, args)).isEqualTo("Error: The file /memories/latin1.txt is not UTF-8 text, so"
                + " memdir will not edit it. Nothing was changed.");
        assertThat(memory.readBytes("latin1.txt")).isEqualTo(latin1);
    }

    @Test
    void errors_allStartWithErrorPrefix() throws Exception {
        memory.write("f.md", "a");
        List<String> errors = List.of(
                memory.error("nope"),
                memory.error("view", "path", "/memories/missing"),
                memory.error("view", "path", "/etc"),
                memory.error("create", "path", "/memories/f.md", "file_text", "x"),
                memory.error("str_replace", "path", "/memories/f.md", "old_str", "zz"),
                memory.error("insert", "path", "/memories/f.md", "insert_line", 9, "insert_text", "x"),
                memory.error("delete", "path", "/memories"),
                memory.error("rename", "old_path", "/memories", "new_path", "/memories/x"));

        assertThat(errors).allSatisfy(error -> assertThat(error).startsWith("Error: "));
    }

    private String errorOf(String command, Map<String, Object> args) {
        CommandException e = catchThrowableOfType(CommandException.class, () -> memory.tool.call(command, args));
        assertThat(e).as("%s %s should fail", command, args).isNotNull();
        return e.text();
    }
}
