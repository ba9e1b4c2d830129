package dev.memdir.config;

import dev.memdir.config.SettingSources.Raw;
import java.util.Optional;

/** The settings' values, each parsed by its setting from the first source that sets it. */
final class SettingValues {

    private final SettingSources sources;
    private final LocalPaths paths;

    SettingValues(SettingSources sources, LocalPaths paths) {
        this.sources = sources;
        this.paths = paths;
    }

    /** Returns the raw value of {@code setting}, if a source sets it. */
    Optional<Raw> lookup(Setting setting) throws ConfigException {
        return sources.lookup(setting);
    }

    /** Returns the value of a setting that has a default: the first source's, else the default. */
    <T> T value(Setting setting, Class<T> type) throws ConfigException {
        Optional<Raw> raw = sources.lookup(setting);
        return type.cast(setting.parse(raw.isPresent() ? raw.get()
                : new Raw(setting.defaultValue().orElseThrow(), "the default of " + setting.option()), paths));
    }

    /** Returns the value of a setting without a default value: the first source's, if any. */
    <T> Optional<T> optional(Setting setting, Class<T> type) throws ConfigException {
        Optional<Raw> raw = sources.lookup(setting);
        return raw.isPresent() ? Optional.of(type.cast(setting.parse(raw.get(), paths))) : Optional.empty();
    }

    /** Parses a raw value of {@code setting}, found by {@link #lookup}. */
    <T> T parse(Setting setting, Raw raw, Class<T> type) throws ConfigException {
        return type.cast(setting.parse(raw, paths));
    }
}
