package dev.memdir.config;

import dev.memdir.config.SettingSources.Raw;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How a setting's text becomes a path on this machine: {@code ~} is the home, a relative path lies under the working
 * directory, and a URL is refused ({@link UrlScheme}).
 */
record LocalPaths(Path home, Path workingDirectory) {

    Path parse(Raw raw) throws ConfigException {
        Optional<String> scheme = UrlScheme.of(raw.value());
        if (scheme.isPresent()) {
            // Not echoed: a URL may hold a password.
            throw new ConfigException(raw.origin() + " must be a path on this machine, not a '" + scheme.get()
                    + ":' URL (" + UrlScheme.TAKEN + ")");
        }
        try {
            return workingDirectory.resolve(expand(raw.value())).normalize();
        } catch (InvalidPathException e) {
            throw new ConfigException(raw.origin() + " is not a usable path: '" + raw.value() + "'");
        }
    }

    private Path expand(String value) {
        if (value.equals("~")) {
            return home;
        }
        return value.startsWith("~/") ? home.resolve(value.substring(2)) : Path.of(value);
    }
}
