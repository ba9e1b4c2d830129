package dev.memdir.cli;

import dev.memdir.config.Setting;
import dev.memdir.config.Settings;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;

/**
 * A command that runs on the memory the settings choose: its settings options, over those given before it, are
 * resolved first; wrong ones are one line and {@link ExitCode#USAGE}.
 */
abstract class SettingsCommand implements Callable<Integer> {

    @Mixin
    SettingOptions options;

    final MemdirCommand memdir;

    /** A command that takes the options of {@code settings}. */
    SettingsCommand(MemdirCommand memdir, Set<Setting> settings) {
        this.memdir = memdir;
        this.options = new SettingOptions(settings);
    }

    @Override
    public final Integer call() {
        Invocation invocation = memdir.invocation();
        Optional<String> misuse = misuse();
        if (misuse.isPresent()) {
            invocation.err().println("memdir: " + misuse.get());
            return ExitCode.USAGE.code();
        }
        Optional<Settings> settings = invocation.settings(memdir.settingsWith(options));
        return settings.isEmpty() ? ExitCode.USAGE.code() : run(settings.get(), invocation).code();
    }

    /** Returns what is wrong with the command's own options, which are looked at before the settings. */
    Optional<String> misuse() {
        return Optional.empty();
    }

    /** Runs the command on {@code settings}. */
    abstract ExitCode run(Settings settings, Invocation invocation);
}
