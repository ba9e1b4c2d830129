package dev.memdir.config;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where a setting's raw value comes from, first match wins: command-line flags, then environment
 * variables ({@code MEMDIR_} plus the key in upper case, {@code -} as {@code _}), then the YAML file.
 */
final class SettingSources {

    /** A raw value and a description of where it came from, for error messages. */
    record Raw(String value, String origin) {}

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

    static String envName(String key) {
        return "MEMDIR_" + key.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    /** Returns the first value set; an empty one counts as unset, except on the command line where it is an error. */
    Optional<Raw> lookup(String key) throws ConfigException {
        String flag = flags.get(key);
        if (flag != null && flag.isBlank()) {
            throw new ConfigException("--" + key + " must not be empty");
        }
        for (Raw candidate : List.of(
                new Raw(flag, "--" + key),
                new Raw(env.get(envName(key)), envName(key)),
                new Raw(file.get(key), "'" + key + "' in " + fileName))) {
            if (candidate.value() != null && !candidate.value().isBlank()) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
