package dev.memdir.memory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The hostile path corpus: paths no memory command may act on, each with the one error text every command answers
 * it with, and the calls that put a path into every path field of every command. {@code HostilePathsTest} sends
 * them through {@code MemoryTool} and checks the disk around the root; the HTTP isolation test sends them through
 * the real jar as one principal and checks another principal's memory.
 *
 * <p>Every expected text is the path parser's alone (no entry depends on what the root holds), so the corpus holds
 * on any store and in any namespace.
 */
public final class HostilePaths {

    private HostilePaths() {}

    /** A path no command may act on, and the one error text every command must answer with. */
    public record Hostile(String path, String expected) {
        @Override
        public String toString() {
            return printable(path);
        }
    }

    /** One tool call: a command and its JSON arguments. */
    public record Call(String command, Map<String, Object> arguments) {
        @Override
        public String toString() {
            return command + " " + arguments.entrySet().stream()
                    .map(e -> e.getKey() + "=" + (e.getValue() instanceof String s ? printable(s) : e.getValue()))
                    .collect(Collectors.joining(", "));
        }
    }

    public static Stream<Hostile> corpus() {
        String a200 = "a".repeat(200) + "/";
        String over1024 = "/memories/" + a200.repeat(5) + "b".repeat(10); // 1,025 bytes
        String e200 = "\u00e9".repeat(100) + "/"; // 201 bytes, 101 chars
        String over1024Utf8 = "/memories/" + e200.repeat(5) + "\u00e9".repeat(5); // 1,025 bytes in 520 chars
        List<Hostile> corpus = new ArrayList<>();

        // Traversal: ".." anywhere, alone or dressed up with other defects (traversal is judged first).
        corpus.addAll(List.of(
                traversal("/memories/.."),
                traversal("/memories/../"),
                traversal("/memories/../victim.txt"),
                traversal("/memories/../outside/secret.txt"),
                traversal("/memories/../outside/sub/x"),
                traversal("/memories/../../etc/passwd"),
                traversal("/memories/a/../../etc/passwd"),
                traversal("/memories/a/.."),
                traversal("/memories/a/../b"),
                traversal("/memories/dir/../keep.txt"),
                traversal("/memories/../memories/keep.txt"),
                traversal("/memories/../memories-evil/loot.txt"),
                traversal("/memories/a/b/c/../../../../victim.txt"),
                traversal("/memories/../.."),
                traversal("/memories/..//victim.txt"),
                traversal("/memories/../a\\b"),
                traversal("/memories/../a\u0000"),
                traversal("/memories/../C:"),
                traversal("/memories/./.."),
                traversal("/memories/.memdir.lock/.."),
                traversal("/memories/dir/\n../../victim.txt"),
                traversal("/memories/../" + "x".repeat(300)),
                traversal("/memories/.." + "/abcdefghi".repeat(102))));

        // Percent escapes of '.', '/' and '\' in any case: rejected as traversal wherever they stand.
        corpus.addAll(List.of(
                traversal("/memories/%2e%2e/victim.txt"),
                traversal("/memories/%2E%2E/victim.txt"),
                traversal("/memories/%2e%2E/victim.txt"),
                traversal("/memories/%2E%2e/victim.txt"),
                traversal("/memories/%2e%2e%2fvictim.txt"),
                traversal("/memories/..%2fvictim.txt"),
                traversal("/memories/..%2Fvictim.txt"),
                traversal("/memories/%2e%2e%2Foutside%2Fsecret.txt"),
                traversal("/memories/a%2F..%2F..%2Fvictim.txt"),
                traversal("/memories/%2e"),
                traversal("/memories/%2E/keep.txt"),
                traversal("/memories/.%2e/victim.txt"),
                traversal("/memories/%2e./victim.txt"),
                traversal("/memories/%5c..%5cvictim.txt"),
                traversal("/memories/..%5Cvictim.txt"),
                traversal("/memories/a%5Cb"),
                traversal("/memories/a%2fb"),
                traversal("/memories/a%2Fb"),
                traversal("/memories/notes%2etxt"),
                traversal("/memories/%2f"),
                traversal("/memories/%5C")));

        // Empty segments in the middle.
        corpus.addAll(List.of(
                invalid("/memories//a", "empty segment"),
                invalid("/memories/a//b", "empty segment"),
                invalid("/memories/dir//note.txt", "empty segment"),
                invalid("/memories//", "empty segment"),
                invalid("/memories///", "empty segment"),
                invalid("/memories/a//", "empty segment"),
                invalid("/memories//.memdir.lock", "empty segment"),
                traversal("/memories//../victim.txt")));

        // Backslashes: outside the prefix when they replace its slash, otherwise invalid at their index.
        corpus.addAll(List.of(
                outsidePrefix("/memories\\..\\x"),
                outsidePrefix("/memories\\x"),
                outsidePrefix("\\memories\\x"),
                invalid("/memories/a\\b", "backslash at index 11"),
                invalid("/memories/\\", "backslash at index 10"),
                invalid("/memories/a\\", "backslash at index 11"),
                invalid("/memories/..\\victim.txt", "backslash at index 12"),
                invalid("/memories/\\..\\..\\victim.txt", "backslash at index 10"),
                invalid("/memories/dir\\..\\..\\victim.txt", "backslash at index 13"),
                invalid("/memories/\\\\?\\C:\\x", "backslash at index 10"),
                invalid("/memories/a\\b\u0000", "backslash at index 11")));

        // NUL and the other C0, DEL and C1 control characters.
        corpus.addAll(List.of(
                invalid("/memories/\u0000", "control character U+0000 at index 10"),
                invalid("/memories/keep.txt\u0000.png", "control character U+0000 at index 18"),
                invalid("/memories/\u0000\\", "control character U+0000 at index 10"),
                invalid("/memories/a\u0001", "control character U+0001 at index 11"),
                invalid("/memories/\u0008", "control character U+0008 at index 10"),
                invalid("/memories/a\tb", "control character U+0009 at index 11"),
                invalid("/memories/a\nb", "control character U+000A at index 11"),
                invalid("/memories/a\u000bb", "control character U+000B at index 11"),
                invalid("/memories/a\u000cb", "control character U+000C at index 11"),
                invalid("/memories/a\rb", "control character U+000D at index 11"),
                invalid("/memories/x\r\n", "control character U+000D at index 11"),
                invalid("/memories/\u001b[31mred", "control character U+001B at index 10"),
                invalid("/memories/a\u001f", "control character U+001F at index 11"),
                invalid("/memories/a\u007f", "control character U+007F at index 11"),
                invalid("/memories/a\u0080", "control character U+0080 at index 11"),
                invalid("/memories/a\u0085b", "control character U+0085 at index 11"),
                invalid("/memories/a\u009f", "control character U+009F at index 11"),
                invalid("/memories//\u0000", "control character U+0000 at index 11"),
                invalid("/memories/.memdir\u0000", "control character U+0000 at index 17")));

        // Lone UTF-16 surrogates cannot be written as a file name.
        corpus.addAll(List.of(
                invalid("/memories/\ud800", "unpaired surrogate at index 10"),
                invalid("/memories/a\udc00b", "unpaired surrogate at index 11")));

        // Drive letters and alternate data streams.
        corpus.addAll(List.of(
                outsidePrefix("C:\\memories\\x"),
                outsidePrefix("C:/memories/x"),
                outsidePrefix("c:"),
                invalid("/memories/C:", "colon at index 11"),
                invalid("/memories/C:/Windows/System32", "colon at index 11"),
                invalid("/memories/c:/x", "colon at index 11"),
                invalid("/memories/C:\\Windows", "colon at index 11"),
                invalid("/memories/:", "colon at index 10"),
                invalid("/memories/a:b", "colon at index 11"),
                invalid("/memories/keep.txt:secret", "colon at index 18"),
                invalid("/memories/keep.txt::$DATA", "colon at index 18"),
                invalid("/memories/dir/note.txt:Zone.Identifier", "colon at index 22"),
                invalid("/memories/.memdir:x", "colon at index 17"),
                invalid("/memories/./:", "colon at index 12")));

        // Anything that is not /memories or below it.
        corpus.addAll(List.of(
                outsidePrefix(""),
                outsidePrefix("/"),
                outsidePrefix("memories"),
                outsidePrefix("memories/x"),
                outsidePrefix("/memoriesx"),
                outsidePrefix("/memories.txt"),
                outsidePrefix("/memories-evil/loot.txt"),
                outsidePrefix("/Memories/x"),
                outsidePrefix("/MEMORIES"),
                outsidePrefix("/tmp/x"),
                outsidePrefix("/etc/passwd"),
                outsidePrefix("//memories/x"),
                outsidePrefix("~/x"),
                outsidePrefix("./memories"),
                outsidePrefix("./memories/x"),
                outsidePrefix("../memories/x"),
                outsidePrefix("/./memories/x"),
                outsidePrefix("/../memories/x"),
                outsidePrefix(" /memories/x"),
                outsidePrefix("/memories "),
                outsidePrefix("/memories\u0000/x"),
                outsidePrefix("/memories%2f..%2fvictim.txt"),
                outsidePrefix("%2Fmemories%2Fx"),
                outsidePrefix("file:///memories/x"),
                outsidePrefix("\\\\server\\share\\memories"),
                outsidePrefix("/m\u00e9mories/x"),
                outsidePrefix("\uff0fmemories/x"),
                outsidePrefix("/memories\uff0fx")));

        // "." segments, even where they would stay inside the root.
        corpus.addAll(List.of(
                invalid("/memories/.", "'.' segment"),
                invalid("/memories/./", "'.' segment"),
                invalid("/memories/./keep.txt", "'.' segment"),
                invalid("/memories/dir/.", "'.' segment"),
                invalid("/memories/dir/./note.txt", "'.' segment"),
                invalid("/memories/././.", "'.' segment"),
                invalid("/memories/./.memdir.lock", "'.' segment")));

        // Over-long segments (counted in UTF-8 bytes) and paths.
        corpus.addAll(List.of(
                invalid("/memories/" + "a".repeat(256), "segment longer than 255 bytes"),
                invalid("/memories/" + "\u20ac".repeat(86), "segment longer than 255 bytes"),
                invalid("/memories/" + "\ud83d\ude00".repeat(64), "segment longer than 255 bytes"),
                invalid("/memories/dir/" + "b".repeat(300) + "/x", "segment longer than 255 bytes"),
                invalid("/memories/" + "a".repeat(256) + "/./x", "segment longer than 255 bytes"),
                invalid("/memories" + "/abcdefghi".repeat(102), "longer than 1024 bytes"),
                invalid(over1024, "longer than 1024 bytes"),
                invalid(over1024Utf8, "longer than 1024 bytes"),
                invalid(over1024 + "\\", "longer than 1024 bytes"),
                invalid(over1024 + "\u0000", "longer than 1024 bytes")));

        // Names the server keeps for itself (lock and temp files).
        String reserved = "names starting with .memdir are reserved";
        corpus.addAll(List.of(
                invalid("/memories/.memdir.lock", reserved),
                invalid("/memories/.memdir-tmp-0000", reserved),
                invalid("/memories/.memdir", reserved),
                invalid("/memories/.memdirfoo/x", reserved),
                invalid("/memories/dir/.memdir.lock", reserved),
                invalid("/memories/.memdir.lock/./x", reserved),
                traversal("/memories/.memdir-tmp-/../x")));
        return corpus.stream();
    }

    private static Hostile outsidePrefix(String path) {
        return new Hostile(path, "Error: Path must start with /memories, got: " + path);
    }

    private static Hostile traversal(String path) {
        return new Hostile(path, "Error: Path " + path + " would escape /memories directory");
    }

    private static Hostile invalid(String path, String reason) {
        return new Hostile(path, "Error: Invalid path " + path + ": " + reason);
    }

    /**
     * Returns a call of every command with {@code path} in each path field it has, {@code view} first. The last
     * renames {@code /memories/keep.txt}, which the memory under test should hold: were {@code path} let through,
     * a real file would move.
     */
    public static List<Call> everyCommandOn(String path) {
        return List.of(
                call("view", "path", path),
                create(path, "pwned\n"),
                call("str_replace", "path", path, "old_str", "secret", "new_str", "pwned"),
                call("insert", "path", path, "insert_line", 0, "insert_text", "pwned\n"),
                call("delete", "path", path),
                call("rename", "old_path", path, "new_path", "/memories/moved.txt"),
                call("rename", "old_path", "/memories/keep.txt", "new_path", path));
    }

    public static Call create(String path, String text) {
        return call("create", "path", path, "file_text", text);
    }

    public static Call call(String command, Object... keysAndValues) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            arguments.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return new Call(command, arguments);
    }

    /** Returns {@code s} quoted and escaped, cut short when long: a readable test name. */
    static String printable(String s) {
        String quoted = "\"" + escaped(s) + "\"";
        return quoted.length() <= 90 ? quoted : quoted.substring(0, 70) + "...\" (" + s.length() + " chars)";
    }

    /** Returns {@code s} with control characters and surrogates written as {@code \\uXXXX}. */
    static String escaped(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c) || Character.isSurrogate(c)) {
                out.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
