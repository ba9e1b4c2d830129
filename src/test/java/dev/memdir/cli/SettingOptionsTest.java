package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.config.Setting;
import dev.memdir.config.Setting.Group;
import dev.memdir.config.SettingsResolver;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/** The options made from the table of settings, on {@code memdir} and on its commands that read settings. */
class SettingOptionsTest {

    private final MemdirCommand command = new MemdirCommand(new Invocation(InputStream.nullInputStream(),
            OutputStream.nullOutputStream(), new PrintStream(OutputStream.nullOutputStream()),
            SettingsResolver.forThisProcess()));
    private final CommandLine commandLine = new CommandLine(command);

    @Test
    void everySetting_isAnOptionWithItsLabelHelpDefaultAndEnvironmentVariable() {
        for (Setting setting : Setting.values()) {
            OptionSpec option = commandLine.getCommandSpec().findOption(setting.option());
            String description = String.join(" ", option.description());

            assertThat(description).as(setting.option()).startsWith(setting.help())
                    .endsWith(" Env: " + setting.envName() + ".");
            if (setting.isSwitch()) {
                assertThat(option.negatable()).as(setting.option()).isTrue();
                assertThat(option.arity().max()).isZero();
            } else {
                assertThat(option.paramLabel()).isEqualTo(setting.label());
                assertThat(description).contains(" Default: " + setting.defaultText().replace("`", "") + ".");
            }
        }
    }

    @Test
    void everySetting_isInExactlyOneGroup() {
        List<Setting> grouped = Arrays.stream(Group.values()).flatMap(group -> group.settings().stream()).toList();

        assertThat(grouped).containsExactlyInAnyOrder(Setting.values());
    }

    @Test
    void givenOptions_byKey_switchesAsTrueOrFalse() {
        commandLine.parseArgs("--root", "notes", "--no-agents-md", "--read-only", "--tools", "single");

        assertThat(command.options.given()).isEqualTo(
                Map.of("root", "notes", "agents-md", "false", "read-only", "true", "tools", "single"));
    }

    @Test
    void unsetOptions_areLeftOut_evenAfterAnEarlierParse() {
        commandLine.parseArgs("--root", "notes", "--no-read-only");
        commandLine.parseArgs("--tools", "split");

        assertThat(command.options.given()).isEqualTo(Map.of("tools", "split"));
    }

    @Test
    void commandsThatReadSettings_takeTheOptionsToo() {
        ParseResult parsed = CommandTree.forArgs(command, new String[] {"index", "--index-max-lines", "3"})
                .parseArgs("index", "--index-max-lines", "3");

        assertThat(parsed.subcommand().matchedOptionValue("--index-max-lines", "")).isEqualTo("3");
        assertThat(command.options.given()).isEmpty();
    }
}
