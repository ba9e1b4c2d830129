package dev.memdir.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** README's options table is held to the {@link Setting} table: the same options, spelt alike, with their defaults. */
class ReadmeOptionsTest {

    private static final String HEADER = "| option | default | meaning |";
    private static final String STANDARD_ROW = "`--version`, `--help` | ";

    @Test
    void readmeOptionsTable_listsEverySettingWithItsOptionAndDefault_andNothingElse() throws IOException {
        List<String> expected = new ArrayList<>();
        for (Setting setting : Setting.values()) {
            expected.add("`" + spelling(setting) + "` | " + defaultCell(setting));
        }

        assertThat(readmeRows()).containsExactlyElementsOf(expected);
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

    /** Returns the option and default cells of each row of README's options table but the help and version row. */
    private static List<String> readmeRows() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("README.md"));
        int header = lines.indexOf(HEADER);
        assertThat(header).as("README's options table").isGreaterThan(lines.indexOf("## Options"));
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
