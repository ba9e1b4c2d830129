package dev.memdir.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who memdir logs in to PostgreSQL as, found as libpq finds it: the user of the URL, else {@code PGUSER}, else the
 * system user; the password from {@code PGPASSWORD}, else the first matching line of the password file
 * ({@code PGPASSFILE}, else {@code ~/.pgpass}: {@code host:port:dbname:user:password}, {@code *} matching anything,
 * {@code \:} and {@code \\} escaped), which counts only when no one but its owner may read it.
 *
 * @param user the user name
 * @param password the password, when one was found
 */
public record PostgresLogin(String user, Optional<String> password) {

    private static final Logger log = LoggerFactory.getLogger(PostgresLogin.class);

    /** Returns the login for {@code url}, looked up in the environment {@code env} and the home {@code home}. */
    static PostgresLogin find(PostgresUrl url, Map<String, String> env, Path home) throws ConfigException {
        String user = url.user().or(() -> nonBlank(env.get("PGUSER")))
                .orElseGet(() -> System.getProperty("user.name"));
        Optional<String> password = nonBlank(env.get("PGPASSWORD"));
        if (password.isPresent()) {
            return new PostgresLogin(user, password);
        }
        Path file = nonBlank(env.get("PGPASSFILE")).map(Path::of).orElse(home.resolve(".pgpass"));
        return new PostgresLogin(user, fromFile(file, url, user));
    }

    /** The password of the first line of {@code file} that matches; none when the file is missing or open to others. */
    static Optional<String> fromFile(Path file, PostgresUrl url, String user) throws ConfigException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            if (!OwnerOnly.holds(file)) {
                log.warn("password file {} is ignored: others may read it; make it u=rw (chmod 0600)", file);
                return Optional.empty();
            }
            List<String> wanted = List.of(url.host(), Integer.toString(url.port()), url.database(), user);
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                List<String> fields = fields(line);
                if (!line.startsWith("#") && fields.size() >= 5 && matches(fields, wanted)) {
                    return Optional.of(fields.get(4));
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new ConfigException("cannot read the password file " + file + ": " + e.getMessage());
        }
    }

    /** Hides the password from logs and messages. */
    @Override
    public String toString() {
        return "PostgresLogin[user=" + user + (password.isPresent() ? ", with a password]" : "]");
    }

    private static boolean matches(List<String> fields, List<String> wanted) {
        for (int i = 0; i < wanted.size(); i++) {
            if (!fields.get(i).equals("*") && !fields.get(i).equals(wanted.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Splits a line at its unescaped colons; the password is all that follows the fourth. */
    private static List<String> fields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                field.append(line.charAt(++i));
            } else if (c == ':' && fields.size() < 4) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    private static Optional<String> nonBlank(String value) {
        return Optional.ofNullable(value).filter(text -> !text.isBlank());
    }
}
