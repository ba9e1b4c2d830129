package dev.memdir.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The options table of {@code docs/options.md} is held to the {@link Setting} table: the same options, spelt alike,
 * with their defaults; README's table of the main options takes its rows from it.
 */
class OptionsPageTest {

    private static final String HEADER = "| option | default | meaning |";
    private static final String STANDARD_ROW = "`--version`, `--help` | ";

    @Test
    void optionsPage_listsEverySettingWithItsOptionAndDefault_andNothingElse() throws IOException {
        List<String> expected = new ArrayList<>();
        for (Setting setting : Setting.values()) {
            expected.add("`" + spelling(setting) + "` | " + defaultCell(setting));
        }

        assertThat(rows(Path.of("docs", "options.md"), "# Options")).containsExactlyElementsOf(expected);
    }

    @Test
    void readmesMainOptions_areRowsOfTheOptionsPage() throws IOException {
        List<String> main = rows(Path.of("README.md"), "## Main options");

        assertThat(main).isNotEmpty();
        assertThat(rows(Path.of("docs", "options.md"), "# Options")).containsAll(main);
    }

    /** A switch is spelt as the option that changes its default; a value, with its label. */
    private static String spelling(Setting setting) {
        if (setting.isSwitch()) {
            return setting.defaultValue().orElseThrow().equals("true") ? "--no-" + setting.key() : setting.option();
        }
        return setting.option() + " " + setting.label().replace("|", "\\|");
    }

    private static String defaultCell(Setting setting) {
        if (setting.isSwitch()) {
            return "off";
        }
        return setting.defaultValue().map(value -> "`" + value + "`").orElse(setting.defaultText());
    }

    /**
     * Returns the option and default cells of each row of the first options table after {@code heading} in
     * {@code page}, but the help and version row.
     */
    private static List<String> rows(Path page, String heading) throws IOException {
        List<String> lines = Files.readAllLines(page);
        int start = lines.indexOf(heading);
        assertThat(start).as("%s in %s", heading, page).isNotNegative();
        int header = lines.subList(start, lines.size()).indexOf(HEADER) + start;
        assertThat(header).as("the options table of %s", page).isGreaterThan(start);
        List<String> rows = new ArrayList<>();
        for (String line : lines.subList(header + 2, lines.size())) {
            if (!line.startsWith("|")) {
                break;
            }
            String[] cells = line.split("(?<!\\\\)\\|");
            String row = cells[1].trim() + " | " + cells[2].trim();
            if (!row.startsWith(STANDARD_ROW)) {
                rows.add(row);
            }
        }
        return rows;
    }
}
