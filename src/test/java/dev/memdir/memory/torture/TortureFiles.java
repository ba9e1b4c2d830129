package dev.memdir.memory.torture;

import dev.memdir.memory.path.MemoryPath;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * The files a kill test's writers change: known files replaced whole by numbered versions, each version one text
 * that names it, and a directory of small files moved back and forth between two names.
 */
public final class TortureFiles {

    /** The files the writer replaces whole, in turn. */
    public static final List<String> KNOWN = List.of("a.md", "b.md", "c.md", "d.md", "e.md");
    /** The two names of the moved directory, the first where it starts. */
    public static final List<String> DIRECTORIES = List.of("d", "e");
    /**
     * The files of the moved directory: enough that a rename on S3 folds its head into a new base (past 256
     * changed paths), so that a kill can also cut that upload.
     */
    public static final List<String> MOVED = IntStream.range(0, Integer.getInteger("memdir.torture.movedFiles", 100))
            .mapToObj(i -> String.format("m%03d.md", i)).toList();

    private TortureFiles() {}

    /** Returns the path of {@code relative} below {@code /memories}. */
    public static MemoryPath path(String relative) {
        return new MemoryPath("/memories/" + relative, List.of(relative.split("/")));
    }

    /** Version {@code v} of a known file: a header naming it, then 20 to 100 KB of lines naming it and v. */
    public static String version(String name, int v) {
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
    public static int versionOf(String name, String content) {
        String header = "# " + name + " version ";
        int end = content.indexOf('\n');
        return content.startsWith(header) && end > 0 ? Integer.parseInt(content.substring(header.length(), end))
                : -1;
    }

    /** Returns the content of the moved file {@code name}, which names it, whichever directory holds it. */
    public static String moved(String name) {
        return "# " + name + "\nmoved with its directory, never alone\n";
    }
}
