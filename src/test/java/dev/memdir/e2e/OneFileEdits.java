package dev.memdir.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A stream of str_replace and insert calls into one file, each valid after the ones before it, with the content the
 * file has after each: whatever a kill leaves must be one of these contents, never a mix of two. The file's first
 * line is a header {@code # step N #} that each str_replace moves on (adding a line below it); each insert adds one
 * line at a random place below the header. Every added line is unique, so no two contents are equal.
 */
record OneFileEdits(List<String> tools, List<Map<String, Object>> arguments, List<String> contents) {

    /** The content the file starts with. */
    static final String FIRST = header(0);

    /** Returns {@code count} edits of the file at {@code path} that holds {@code content}, tagged {@code round}. */
    static OneFileEdits after(String path, String content, int round, int count, Random random) {
        List<String> tools = new ArrayList<>();
        List<Map<String, Object>> arguments = new ArrayList<>();
        List<String> contents = new ArrayList<>(List.of(content));
        List<String> lines = new ArrayList<>(List.of(content.split("\n", -1)));
        for (int edit = 0; edit < count; edit++) {
            String added = "r" + round + " e" + edit + " " + Long.toHexString(random.nextLong());
            if (random.nextBoolean()) {
                String next = header(Integer.parseInt(lines.get(0).split(" ")[2]) + 1);
                tools.add("str_replace");
                arguments.add(Map.of("path", path, "old_str", lines.get(0), "new_str", next + "\n" + added));
                lines.set(0, next);
                lines.add(1, added);
            } else {
                int after = 1 + random.nextInt(lines.size());
                tools.add("insert");
                arguments.add(Map.of("path", path, "insert_line", after, "insert_text", added + "\n"));
                lines.add(after, added);
            }
            contents.add(String.join("\n", lines));
        }
        return new OneFileEdits(tools, arguments, contents);
    }

    int size() {
        return tools.size();
    }

    private static String header(int step) {
        return "# step " + step + " #";
    }
}
