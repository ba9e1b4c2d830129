package dev.memdir.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * memdir on big inputs, in one process started with the recommended line: {@code view} of a directory of many
 * files and {@code str_replace} in a 1 MiB file, both made on disk before the server starts
 * and put in the given store.
 */
record ScaleSection(Workspace workspace, Launches launches, BenchStore store, int bigFiles, int repeats) {

    static final String BIG_DIRECTORY = "/memories/big";
    private static final String LARGE_FILE = "/memories/large.md";
    private static final int LARGE_FILE_BYTES = 1 << 20;
    /** Line 10,000 of the large file, as written and as edited: each replacement undoes the one before. */
    private static final String[] EDITS = {"line 010000: the original wording", "line 010000: the edited wording"};

    void addTo(Table table) throws IOException, InterruptedException {
        Progress.say("scale: view of a directory of " + bigFiles + " files and str_replace in a 1 MiB file, "
                + repeats + " times each");
        Path root = workspace.directory("scale-root");
        writeBigDirectory(root.resolve("big"), bigFiles);
        writeLargeFile(root.resolve("large.md"));
        Launch launch = launches.memdir(Launches.recommendedLine(), store, root,
                List.of("--max-file-bytes", "2M"));
        try (McpPipe server = launch.start(workspace.log("scale"))) {
            server.open();
            long[] views = new long[repeats];
            long[] edits = new long[repeats];
            for (int i = 0; i < repeats; i++) {
                views[i] = viewBigDirectory(server, bigFiles);
                edits[i] = server.call("str_replace", Map.of("path", LARGE_FILE,
                        "old_str", EDITS[i % 2], "new_str", EDITS[(i + 1) % 2])).nanos();
            }
            server.closeAndWait();
            table.add(String.format(Locale.ROOT, "view of a directory of %,d files (median ms)", bigFiles),
                    Figure.millisOf(new Stats(views).median()));
            table.add("str_replace in a 1 MiB file (median ms)", Figure.millisOf(new Stats(edits).median()));
        }
    }

    /** Views the big directory of {@code bigFiles} files and checks every file is listed; returns the time taken. */
    static long viewBigDirectory(McpPipe server, int bigFiles) throws IOException {
        McpPipe.Answer answer = server.call("view", Map.of("path", BIG_DIRECTORY));
        String text = answer.message().at("/result/content/0/text").asText();
        long listed = text.lines().filter(line -> line.endsWith(".md")).count();
        if (listed != bigFiles) {
            throw server.failure("view of " + BIG_DIRECTORY + " listed " + listed + " files, not " + bigFiles);
        }
        return answer.nanos();
    }

    /** Writes {@code bigFiles} notes into {@code directory}, the big directory of a root. */
    static void writeBigDirectory(Path directory, int bigFiles) throws IOException {
        Files.createDirectories(directory);
        for (int i = 0; i < bigFiles; i++) {
            Files.writeString(directory.resolve(String.format(Locale.ROOT, "note-%05d.md", i)), "Note " + i + ".\n");
        }
    }

    /** Writes numbered lines up to 1 MiB, so that every line, and so {@code old_str}, is unique. */
    private static void writeLargeFile(Path file) throws IOException {
        StringBuilder text = new StringBuilder(LARGE_FILE_BYTES + 100);
        for (int line = 0; text.length() < LARGE_FILE_BYTES; line++) {
            text.append(String.format(Locale.ROOT, "line %06d: the original wording\n", line));
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
