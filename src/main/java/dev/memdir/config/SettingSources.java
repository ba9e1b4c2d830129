package dev.memdir.config;

import java.util.Map;
import java.util.Optional;

/**
 * Where a setting's raw value comes from, first match wins: command-line flags, then environment
 * variables, then the YAML file.
 */
final class SettingSources {

    /** A raw value and a description of where it came from, for error messages. */
    record Raw(String value, String origin) {

        /** Returns the error for this value when it is not {@code expected}, as {@code "a positive whole number"}. */
        ConfigException invalid(String expected) {
            return new ConfigException(origin + " must be " + expected + ", not '" + value + "'");
        }
    }

    private final Map<String, String> flags;
    private final Map<String, String> env;
    private final Map<String, String> file;
    private final String fileName;

    SettingSources(Map<String, String> flags, Map<String, String> env, Map<String, String> file, String fileName) {
        this.flags = flags;
        this.env = env;
        this.file = file;
        this.fileName = fileName;
    }

    /** Returns the first value set; an empty one counts as unset, except on the command line where it is an error. */
    Optional<Raw> lookup(Setting setting) throws ConfigException {
        String flag = flags.get(setting.key());
        if (flag != null) {
            if (flag.isBlank()) {
                throw new ConfigException(setting.option() + " must not be empty");
            }
            return Optional.of(new Raw(flag, setting.option()));
        }
        String fromEnv = env.get(setting.envName());
        if (fromEnv != null && !fromEnv.isBlank()) {
            return Optional.of(new Raw(fromEnv, setting.envName()));
        }
        String fromFile = file.get(setting.key());
        if (fromFile != null && !fromFile.isBlank()) {
            return Optional.of(new Raw(fromFile, "'" + setting.key() + "' in " + fileName));
        }
        return Optional.empty();
    }
}
