package dev.memdir;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The architecture page's table of which rooms import each library is the code's, both ways: no other room imports
 * the library, each room named does, and no library outside the table is imported at all. A name falls under the row
 * whose package names it most closely, so that a row may let a room import one part of a library the rooms of a wider
 * row alone import.
 */
class LayeringTest {

    private static final Path PAGE = Path.of("docs/architecture.md");
    private static final Path SOURCES = Path.of("src/main/java/dev/memdir");
    private static final String HEADING = "## Which rooms import each library";
    /** Open to every room: the JDK (but for the parts the table names), Jackson, SLF4J and memdir itself. */
    private static final List<String> OPEN = List.of("java.", "javax.", "com.fasterxml.jackson.", "org.slf4j.",
            "dev.memdir.");
    private static final List<String> CORE = List.of("memory", "index", "frontmatter", "instructions", "recall",
            "context");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?([\\w.]+)", Pattern.MULTILINE);
    private static final Pattern QUOTED = Pattern.compile("`([^`]+)`");

    /** One row: a library's packages, and the rooms that may import it. */
    private record Row(String library, List<String> packages, List<String> rooms) {

        boolean covers(String imported) {
            return closeness(imported) > 0;
        }

        /** Returns the length of the package of this row that names {@code imported}, 0 when none does. */
        int closeness(String imported) {
            return packages.stream().filter(name -> imported.equals(name) || imported.startsWith(name + "."))
                    .mapToInt(String::length).max().orElse(0);
        }

        boolean allows(String room) {
            return rooms.stream().anyMatch(allowed -> room.equals(allowed) || room.startsWith(allowed + "/"));
        }
    }

    @Test
    void onlyTheRoomsThePageNames_importEachLibrary_andEachOfThemDoes() throws IOException {
        List<Row> rows = rows();
        Map<String, Set<String>> imports = importsByRoom();
        List<String> wrong = new ArrayList<>();
        for (Row row : rows) {
            Set<String> importers = new TreeSet<>();
            imports.forEach((room, names) -> {
                if (names.stream().anyMatch(name -> closest(rows, name).filter(row::equals).isPresent())) {
                    importers.add(room);
                    if (!row.allows(room)) {
                        wrong.add(room + "/ imports " + row.library() + ", which the page does not allow it");
                    }
                }
            });
            for (String allowed : row.rooms()) {
                if (importers.stream().noneMatch(room -> room.equals(allowed) || room.startsWith(allowed + "/"))) {
                    wrong.add("the page names " + allowed + "/ for " + row.library() + ", which it does not import");
                }
            }
        }
        imports.forEach((room, names) -> names.stream()
                .filter(name -> OPEN.stream().noneMatch(name::startsWith))
                .filter(name -> rows.stream().noneMatch(row -> row.covers(name)))
                .forEach(name -> wrong.add(room + "/ imports " + name + ", a library the page's table does not name")));

        assertThat(wrong).isEmpty();
    }

    @Test
    void theCoreRooms_importNoMcpJettyOrServletType() throws IOException {
        List<String> coreImports = new ArrayList<>();
        importsByRoom().forEach((room, names) -> {
            if (CORE.stream().anyMatch(core -> room.equals(core) || room.startsWith(core + "/"))) {
                names.stream()
                        .filter(name -> name.startsWith("io.modelcontextprotocol.") || name.startsWith("reactor.")
                                || name.startsWith("org.eclipse.jetty.") || name.startsWith("jakarta.servlet."))
                        .forEach(name -> coreImports.add(room + "/ imports " + name));
            }
        });

        assertThat(coreImports).isEmpty();
    }

    /** Returns the row whose package names {@code imported} most closely, if any does. */
    private static Optional<Row> closest(List<Row> rows, String imported) {
        return rows.stream().filter(row -> row.covers(imported))
                .max(Comparator.comparingInt(row -> row.closeness(imported)));
    }

    private static List<Row> rows() throws IOException {
        List<String> lines = Files.readAllLines(PAGE);
        int at = lines.indexOf(HEADING);
        assertThat(at).as("%s has the heading %s", PAGE, HEADING).isNotNegative();
        List<Row> rows = new ArrayList<>();
        for (String line : lines.subList(at + 1, lines.size())) {
            if (line.startsWith("#")) {
                break;
            }
            String[] cells = line.split("\\|");
            if (cells.length == 4 && !cells[2].isBlank() && cells[2].contains("`")) {
                rows.add(new Row(cells[1].strip(), quoted(cells[2]), quoted(cells[3]).stream()
                        .filter(room -> room.endsWith("/"))
                        .map(room -> room.substring(0, room.length() - 1))
                        .toList()));
            }
        }
        assertThat(rows).as("the rows of %s's table", PAGE).hasSizeGreaterThan(5);
        return rows;
    }

    private static List<String> quoted(String cell) {
        List<String> found = new ArrayList<>();
        Matcher matcher = QUOTED.matcher(cell);
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }

    /** Each room (a package's folder under dev/memdir) and the names its files import. */
    private static Map<String, Set<String>> importsByRoom() throws IOException {
        Map<String, Set<String>> imports = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
                String room = SOURCES.relativize(file.getParent()).toString().replace('\\', '/');
                Matcher matcher = IMPORT.matcher(Files.readString(file));
                while (matcher.find()) {
                    imports.computeIfAbsent(room, key -> new TreeSet<>()).add(matcher.group(1));
                }
            }
        }
        return imports;
    }
}
