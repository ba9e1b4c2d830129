package dev.memdir.cli;

import dev.memdir.config.Setting;
import dev.memdir.config.Setting.Group;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The settings options a command takes: one option per row of the {@link Setting} table it names, its help made
 * from the row, shown under the heading of the row's {@link Group}. Unset options are left out of {@link #given()}.
 * ({@code @Command} only makes picocli accept it as a mixin.)
 */
@Command
class SettingOptions {

    private final Set<Setting> settings;
    private CommandSpec spec;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** Every setting: the options of {@code memdir} and {@code serve}. */
    SettingOptions() {
        this(EnumSet.allOf(Setting.class));
    }

    SettingOptions(Set<Setting> settings) {
        this.settings = settings;
    }

    /** Returns the settings of {@code groups}. */
    static Set<Setting> of(Group... groups) {
        Set<Setting> settings = EnumSet.noneOf(Setting.class);
        for (Group group : groups) {
            settings.addAll(group.settings());
        }
        return settings;
    }

    /** Returns the settings of {@code groups} but those of {@code leftOut}. */
    static Set<Setting> without(Set<Setting> leftOut, Group... groups) {
        Set<Setting> settings = of(groups);
        settings.removeAll(leftOut);
        return settings;
    }

    /**
     * Picocli hands over this mixin's own spec while it builds it, before it copies the mixin's options into the
     * command: options added here count as the mixin's, which a command method's parameters rely on.
     */
    @Spec
    void addOptionsTo(CommandSpec mixin) {
        spec = mixin;
        for (Group group : Group.values()) {
            // Not exclusive and not validated: a group here is only a heading over its options.
            ArgGroupSpec.Builder options = ArgGroupSpec.builder().heading("%n" + group.heading() + ":%n")
                    .exclusive(false).validate(false);
            for (Setting setting : group.settings()) {
                if (settings.contains(setting)) {
                    options.addArg(option(setting, scope()));
                }
            }
            if (!options.args().isEmpty()) {
                mixin.addArgGroup(options.build());
            }
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

    /** Returns whether the command takes the setting of {@code key}. */
    boolean takes(String key) {
        return settings.stream().anyMatch(setting -> setting.key().equals(key));
    }

    /** Returns the command that takes these options. */
    CommandLine commandLine() {
        return command.commandLine();
    }

    /** Returns the options that were given, by setting key. */
    Map<String, String> given() {
        Map<String, String> flags = new HashMap<>();
        for (Setting setting : settings) {
            Object value = givenInThisParse(setting.option()) ? spec.findOption(setting.option()).getValue() : null;
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
     * Returns whether the last parse gave the option {@code name}. Not whether it holds a value: an option of a group
     * keeps the value of an earlier parse that gave it (picocli leaves resetting a group's options to the group).
     */
    boolean givenInThisParse(String name) {
        return !spec.findOption(name).stringValues().isEmpty();
    }

    /**
     * The settings options of a command whose subcommands take them too, after their own name
     * ({@code memdir history redact PATH --root DIR}): one value, wherever on the command line it is given.
     */
    @Command
    static final class Inherited extends SettingOptions {

        Inherited(Set<Setting> settings) {
            super(settings);
        }

        @Override
        ScopeType scope() {
            return ScopeType.INHERIT;
        }

        /** Given after a subcommand's name, the option's text is kept by the subcommand's copy of it. */
        @Override
        boolean givenInThisParse(String name) {
            return super.givenInThisParse(name) || command.subcommands().values().stream()
                    .map(subcommand -> subcommand.getCommandSpec().findOption(name))
                    .anyMatch(copy -> copy != null && !copy.stringValues().isEmpty());
        }
    }
}
