package dev.memdir.cli;

import dev.memdir.config.Setting;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The settings options of {@code memdir} and of each command that reads settings: one option per row of the
 * {@link Setting} table, its help made from the row. Unset options are left out of {@link #given()}.
 * ({@code @Command} only makes picocli accept it as a mixin.)
 */
@Command
class SettingOptions {

    private CommandSpec spec;

    /**
     * Picocli hands over this mixin's own spec while it builds it, before it copies the mixin's options into the
     * command: options added here count as the mixin's, which a command method's parameters rely on.
     */
    @Spec
    void addOptionsTo(CommandSpec mixin) {
        spec = mixin;
        for (Setting setting : Setting.values()) {
            mixin.addOption(option(setting, scope()));
        }
    }

    /** Returns whether the options are the command's own, or its subcommands' too. */
    ScopeType scope() {
        return ScopeType.LOCAL;
    }

    private static OptionSpec option(Setting setting, ScopeType scope) {
        OptionSpec.Builder option = OptionSpec.builder(setting.option()).scopeType(scope);
        String env = " Env: " + setting.envName() + ".";
        if (setting.isSwitch()) {
            String onByDefault = setting.defaultValue().orElseThrow().equals("true") ? " On by default." : "";
            return option.type(Boolean.class).negatable(true).description(setting.help() + onByDefault + env).build();
        }
        if (setting.isRepeatable()) {
            option.type(String[].class).arity("1");
        } else {
            option.type(String.class);
        }
        return option.paramLabel(setting.label())
                .description(setting.help() + " Default: " + setting.defaultText().replace("`", "") + "." + env)
                .build();
    }

    /** Returns the options that were given, by setting key. */
    Map<String, String> given() {
        Map<String, String> flags = new HashMap<>();
        for (Setting setting : Setting.values()) {
            Object value = spec.findOption(setting.option()).getValue();
            if (value instanceof String[] values) {
                // A repeated option's values, as the environment and the file write them: separated by commas.
                flags.put(setting.key(), String.join(",", values));
            } else if (value != null) {
                flags.put(setting.key(), value.toString());
            }
        }
        return flags;
    }

    /**
     * The settings options of a command whose subcommands take them too, after their own name
     * ({@code memdir token list --root DIR}): one value, wherever on the command line it is given.
     */
    @Command
    static final class Inherited extends SettingOptions {

        @Override
        ScopeType scope() {
            return ScopeType.INHERIT;
        }
    }
}
