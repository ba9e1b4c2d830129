package dev.memdir.memory.torture;

import static dev.memdir.memory.ToolCalls.text;
import static dev.memdir.memory.torture.TortureFiles.DIRECTORIES;
import static dev.memdir.memory.torture.TortureFiles.KNOWN;
import static dev.memdir.memory.torture.TortureFiles.MOVED;
import static dev.memdir.memory.torture.TortureFiles.path;
import static dev.memdir.memory.torture.TortureFiles.version;
import static dev.memdir.memory.torture.TortureFiles.versionOf;

import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.ToolCalls;
import dev.memdir.memory.store.MemoryStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A memdir process of the tests' own, writing one {@link SharedMemory} until it is done or killed. Its arguments
 * are a mode, then the memory's ({@link SharedMemory#arguments}):
 * <ul>
 *   <li>{@code insert NAME COUNT}: inserts {@code NAME-i} at the top of {@code log.md} and of {@code MEMORY.md},
 *       for i below COUNT;</li>
 *   <li>{@code rename}: moves the directory of {@link TortureFiles#MOVED} from one of its names to the other, for
 *       ever, printing {@code start rename FROM TO} before each call and {@code done} after it;</li>
 *   <li>{@code write}: replaces each known file whole by its next version, in turn, for ever, printing
 *       {@code start write NAME VERSION} before each call and {@code done} after it.</li>
 * </ul>
 * So the last line a killed writer printed says which call the kill cut, if any, and what it would have changed.
 */
public final class TortureWriter {

    private TortureWriter() {}

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        int memoryFrom = mode.equals("insert") ? 3 : 1;
        try (MemoryStore store = SharedMemory.from(List.of(args).subList(memoryFrom, args.length)).open("writer")) {
            MemoryTool tool = ToolCalls.tool(store);
            switch (mode) {
                case "insert" -> insert(tool, args[1], Integer.parseInt(args[2]));
                case "rename" -> rename(store, tool);
                case "write" -> write(store, tool);
                default -> throw new IllegalArgumentException("no mode " + mode);
            }
        }
    }

    private static void insert(MemoryTool tool, String name, int count) throws Exception {
        for (int i = 0; i < count; i++) {
            for (String file : List.of("log.md", "MEMORY.md")) {
                text(tool, "insert", "path", "/memories/" + file, "insert_line", 0, "insert_text", name + "-" + i);
            }
        }
    }

    private static void rename(MemoryStore store, MemoryTool tool) throws Exception {
        boolean first = store.readText(path(DIRECTORIES.get(0) + "/" + MOVED.get(0))).isPresent();
        String from = DIRECTORIES.get(first ? 0 : 1);
        String to = DIRECTORIES.get(first ? 1 : 0);
        while (true) {
            System.out.println("start rename " + from + " " + to);
            text(tool, "rename", "old_path", "/memories/" + from, "new_path", "/memories/" + to);
            System.out.println("done");
            String moved = from;
            from = to;
            to = moved;
        }
    }

    private static void write(MemoryStore store, MemoryTool tool) throws Exception {
        Map<String, String> contents = new HashMap<>();
        for (String name : KNOWN) {
            contents.put(name, store.readText(path(name)).orElseThrow());
        }
        for (int step = 0; ; step++) {
            String name = KNOWN.get(step % KNOWN.size());
            String old = contents.get(name);
            int next = versionOf(name, old) + 1;
            String replacement = version(name, next);
            System.out.println("start write " + name + " " + next);
            text(tool, "str_replace", "path", "/memories/" + name, "old_str", old, "new_str", replacement);
            System.out.println("done");
            contents.put(name, replacement);
        }
    }

    /**
     * The command that runs {@code main} in a JVM of its own on the test classpath: C1 and the serial collector, as
     * the recommended launch line has them, since a writer lives seconds and CI's two cores pay for every start.
     */
    public static List<String> javaCommand(Class<?> main) {
        return new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                main.getName()));
    }

    /**
     * Starts a writer process on the test classpath, in {@code mode} (with its arguments) on {@code memory}; its
     * errors go to {@code log}. Its environment holds no AWS variable but the memory's.
     */
    public static Process launch(Path log, SharedMemory memory, String... mode) throws IOException {
        List<String> command = javaCommand(TortureWriter.class);
        command.addAll(List.of(mode));
        command.addAll(memory.arguments());
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(
                log.toFile()));
        builder.environment().keySet().removeIf(variable -> variable.startsWith("AWS_"));
        builder.environment().putAll(memory.environment());
        return builder.start();
    }
}
