package dev.memdir.memory.postgres;

import static dev.memdir.memory.postgres.ToolCalls.text;
import static dev.memdir.memory.postgres.ToolCalls.tool;

import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * A memdir process of the tests' own, writing one namespace through {@link PostgresStore} until it is done or
 * killed: {@code rewrite URL NAMESPACE} rewrites known files whole and renames a directory back and forth for
 * ever; {@code insert URL NAMESPACE NAME COUNT} inserts {@code NAME-i} at the top of {@code log.md} and of
 * {@code MEMORY.md}, for i below COUNT. It prints {@code ready} once its store is open.
 */
public final class PostgresWriter {

    static final List<String> KNOWN = List.of("a.md", "b.md", "c.md", "d.md", "e.md");
    static final List<String> MOVED = List.of("x.md", "y.md", "z.md");
    static final StoreLimits LIMITS = StoreLimits.perFile(1 << 20);

    private PostgresWriter() {}

    public static void main(String[] args) throws Exception {
        try (PostgresStore store = PostgresStore.open(args[1], args[2], LIMITS, HistoryLimits.DEFAULT, "writer")) {
            MemoryTool tool = tool(store);
            System.out.println("ready");
            if (args[0].equals("rewrite")) {
                rewrite(store, tool);
            } else {
                for (int i = 0; i < Integer.parseInt(args[4]); i++) {
                    for (String file : List.of("log.md", "MEMORY.md")) {
                        text(tool, "insert", "path", "/memories/" + file, "insert_line", 0,
                                "insert_text", args[3] + "-" + i);
                    }
                }
            }
        }
    }

    private static void rewrite(PostgresStore store, MemoryTool tool) throws Exception {
        for (int step = 0; ; step++) {
            String name = KNOWN.get(step % KNOWN.size());
            String old = store.readText(path(name)).orElseThrow();
            text(tool, "str_replace", "path", "/memories/" + name, "old_str", old,
                    "new_str", version(name, versionOf(name, old) + 1));
            boolean inD = store.readText(path("d/x.md")).isPresent();
            text(tool, "rename", "old_path", inD ? "/memories/d" : "/memories/e",
                    "new_path", inD ? "/memories/e" : "/memories/d");
        }
    }

    /** Starts a writer process on the test classpath with {@code arguments}; its errors go to {@code log}. */
    static Process launch(Path log, String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), PostgresWriter.class.getName()));
        command.addAll(List.of(arguments));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    }

    static MemoryPath path(String relative) {
        return new MemoryPath("/memories/" + relative, List.of(relative.split("/")));
    }

    /** Version {@code v} of a known file: a header naming it, then 20 to 100 KB of lines naming it and v. */
    static String version(String name, int v) {
        Random random = new Random(Objects.hash(name, v));
        int size = 20_000 + random.nextInt(80_000);
        StringBuilder text = new StringBuilder("# " + name + " version " + v + "\n");
        while (text.length() < size) {
            text.append(name).append(" v").append(v).append(' ').append(Long.toHexString(random.nextLong()))
                    .append('\n');
        }
        return text.toString();
    }

    /** Returns the version a known file's header names, or -1 when there is no such header. */
    static int versionOf(String name, String content) {
        String header = "# " + name + " version ";
        int end = content.indexOf('\n');
        return content.startsWith(header) && end > 0 ? Integer.parseInt(content.substring(header.length(), end))
                : -1;
    }
}
