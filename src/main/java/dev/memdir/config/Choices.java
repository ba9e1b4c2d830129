package dev.memdir.config;

import dev.memdir.config.SettingSources.Raw;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;

/** The values of settings that are one of a few words: switches, choices and log levels, in any case. */
final class Choices {

    private static final Set<String> LOG_LEVELS = Set.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF");

    private Choices() {}

    static boolean bool(Raw raw) throws ConfigException {
        switch (raw.value().trim().toLowerCase(Locale.ROOT)) {
            case "true": case "yes": case "1":
                return true;
            case "false": case "no": case "0":
                return false;
            default:
                throw raw.invalid("true or false");
        }
    }

    /** Returns the word of {@code choices} ({@code split|single}) that {@code raw} names, in any case. */
    static String choice(String choices, Raw raw) throws ConfigException {
        String given = raw.value().trim().toLowerCase(Locale.ROOT);
        if (given.indexOf('|') < 0 && ("|" + choices + "|").contains("|" + given + "|")) {
            return given;
        }
        String[] words = choices.split("\\|");
        String allButLast = String.join(", ", Arrays.copyOf(words, words.length - 1));
        throw raw.invalid(allButLast + " or " + words[words.length - 1]);
    }

    static String logLevel(Raw raw) throws ConfigException {
        String level = raw.value().trim().toUpperCase(Locale.ROOT);
        if (!LOG_LEVELS.contains(level)) {
            throw raw.invalid("one of trace, debug, info, warn, error, off");
        }
        return level;
    }
}
