package dev.memdir.cli;

import dev.memdir.config.ConfigException;
import dev.memdir.config.NamespaceMemory;
import dev.memdir.config.PostgresMemory;
import dev.memdir.config.S3Memory;
import dev.memdir.config.S3Url;
import dev.memdir.config.Settings;
import dev.memdir.config.SettingsResolver;
import dev.memdir.config.UrlScheme;
import dev.memdir.memory.directory.DirectoryRoots;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.wiring.KeyChoice;
import dev.memdir.wiring.StoreChoice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Where {@code memdir store} finds a memory: a directory, a PostgreSQL database or an S3 bucket given as
 * {@code --store} takes it ({@code postgresql://[user@]host[:port]/dbname[?param=value...]}, the password from
 * PGPASSWORD or ~/.pgpass; {@code s3://BUCKET[/PREFIX]}, credentials from the AWS chain). Any other URL is refused,
 * never taken for a directory named after it.
 *
 * @param given the text given
 * @param directory the directory, as given (relative to the working directory, or absolute)
 * @param url the database's URL
 * @param bucket the bucket and prefix
 */
record StoreAddress(String given, Optional<Path> directory, Optional<String> url, Optional<S3Url> bucket) {

    /** What an address is, as a message that refuses another says it. */
    static final String FORM = "a directory, a PostgreSQL URL (postgresql://... or postgres://...) or an S3 URL"
            + " (s3://BUCKET[/PREFIX])";

    /** Returns the address {@code text} names; {@code origin} names where it was given, as {@code --to}. */
    static StoreAddress parse(String text, String origin) throws ConfigException {
        if (text.startsWith("postgresql://") || text.startsWith("postgres://")) {
            return new StoreAddress(text, Optional.empty(), Optional.of(text), Optional.empty());
        }
        if (namesBucket(text)) {
            return new StoreAddress(text, Optional.empty(), Optional.empty(), Optional.of(S3Url.parse(text, origin)));
        }
        Optional<String> scheme = UrlScheme.of(text);
        if (scheme.isPresent()) {
            // Not echoed: a URL may hold a password.
            throw new ConfigException(origin + " must be " + FORM + ", not a '" + scheme.get() + ":' URL");
        }
        return new StoreAddress(text, Optional.of(Path.of(text)), Optional.empty(), Optional.empty());
    }

    /** Returns whether {@code text}, an address given or null, names a bucket. */
    static boolean namesBucket(String text) {
        return text != null && text.startsWith(S3Url.SCHEME);
    }

    /** Returns the database memory {@code namespace} at this URL, logged in as {@code --store} would be. */
    PostgresMemory database(SettingsResolver resolver, String namespace) throws ConfigException {
        return resolver.database(url.orElseThrow(), namespace);
    }

    /**
     * Returns the memory {@code namespace} in this bucket, reached with the S3 options of {@code flags} (or of the
     * environment and the settings file), as {@code --store} would be.
     */
    S3Memory bucket(SettingsResolver resolver, String namespace, Map<String, String> flags) throws ConfigException {
        return resolver.bucket(bucket.orElseThrow(), namespace, flags);
    }

    /** Returns the directory, for one given relative to {@code resolver}'s working directory. */
    Optional<Path> directoryIn(SettingsResolver resolver) {
        return directory.map(resolver.workingDirectory()::resolve);
    }

    /**
     * Returns the memory roots just below this directory, joined with " or ", when it is not a memory root itself:
     * a project's folder ({@code ~/.memdir/projects/KEY}) given for the memory it holds ({@code KEY/memory}).
     * Empty for a database, a bucket, a memory root, or a directory with no root below it (a new or a plain one).
     */
    Optional<String> rootsBelow(SettingsResolver resolver) throws IOException {
        Optional<Path> dir = directoryIn(resolver);
        if (dir.isEmpty() || !Files.isDirectory(dir.get()) || DirectoryRoots.isRoot(dir.get())) {
            return Optional.empty();
        }
        try (Stream<Path> children = Files.list(dir.get())) {
            List<String> roots = children.filter(child -> Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS))
                    .filter(DirectoryRoots::isRoot).map(Path::toString).sorted().collect(Collectors.toList());
            return roots.isEmpty() ? Optional.empty() : Optional.of(String.join(" or ", roots));
        }
    }

    /**
     * Opens the memory here with the settings' limits, as {@code actor}, encrypted under the key in {@code keyFile}
     * when one is given; in a database or a bucket the namespace {@code namespace}, which must be given, a bucket
     * reached as {@code flags} say, and only to read when {@code toRead} (without the start-up check of conditional
     * writes, which writes).
     */
    MemoryStore open(SettingsResolver resolver, Settings settings, Map<String, String> flags,
            Optional<String> namespace, String actor, boolean toRead, Optional<Path> keyFile)
            throws IOException, ConfigException {
        Optional<MemoryKeys> keys = KeyChoice.keys(keyFile);
        if (directory.isPresent()) {
            return StoreChoice.openDirectory(directoryIn(resolver).orElseThrow(), settings, actor, keys);
        }
        NamespaceMemory memory = bucket.isPresent() ? bucket(resolver, namespace.orElseThrow(), flags)
                : database(resolver, namespace.orElseThrow());
        return StoreChoice.open(memory, settings, actor, toRead, keys);
    }
}
