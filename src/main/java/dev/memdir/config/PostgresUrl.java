package dev.memdir.config;

import java.io.ByteArrayOutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * A PostgreSQL database as libpq's URI names it, {@code postgresql://[user@]host[:port]/dbname[?param=value...]},
 * and as the JDBC driver takes it: a URL and connection properties. The host may be an IPv6 address in brackets;
 * names and values may be percent-encoded. A password in it is refused: a flag shows in the process list.
 *
 * @param host the host name or address (an IPv6 address without its brackets)
 * @param port the TCP port
 * @param database the database name
 * @param user the user, when the URL names one
 * @param parameters the libpq parameters given, by name, decoded
 */
public record PostgresUrl(String host, int port, String database, Optional<String> user,
        Map<String, String> parameters) {

    static final int DEFAULT_PORT = 5432;
    private static final String FORM = "postgresql://[user@]host[:port]/dbname[?param=value...]";
    private static final Set<String> SSL_MODES =
            Set.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full");
    /** The libpq parameters memdir passes on, each with its JDBC driver property. */
    private static final Map<String, String> DRIVER_PROPERTIES = Map.of(
            "sslmode", "sslmode",
            "sslrootcert", "sslrootcert",
            "sslcert", "sslcert",
            "sslkey", "sslkey",
            "application_name", "ApplicationName",
            "connect_timeout", "connectTimeout");

    public PostgresUrl {
        parameters = Map.copyOf(parameters);
    }

    /** Parses {@code text}; {@code origin} names where it came from, for the error. */
    static PostgresUrl parse(String text, String origin) throws ConfigException {
        String rest = withoutScheme(text.trim(), origin);
        int query = rest.indexOf('?');
        Map<String, String> parameters = query < 0 ? Map.of() : parameters(rest.substring(query + 1), origin);
        String beforeQuery = query < 0 ? rest : rest.substring(0, query);
        int slash = beforeQuery.indexOf('/');
        String database = slash < 0 ? "" : decode(beforeQuery.substring(slash + 1), origin);
        if (database.isEmpty()) {
            throw new ConfigException(origin + " names no database: give it as " + FORM);
        }
        String authority = slash < 0 ? beforeQuery : beforeQuery.substring(0, slash);
        int at = authority.lastIndexOf('@');
        Optional<String> user = Optional.empty();
        if (at >= 0) {
            String userInfo = authority.substring(0, at);
            if (userInfo.contains(":")) {
                throw passwordRefused(origin);
            }
            user = Optional.of(decode(userInfo, origin)).filter(name -> !name.isEmpty());
        }
        String hostPort = authority.substring(at + 1);
        if (hostPort.contains(",")) {
            throw new ConfigException(origin + " names several hosts; memdir connects to one: " + FORM);
        }
        boolean bracketed = hostPort.startsWith("[");
        int hostEnd = bracketed ? hostPort.indexOf(']') : hostPort.indexOf(':');
        if (bracketed && hostEnd < 0) {
            throw new ConfigException(origin + " has an IPv6 address without its closing ']'");
        }
        String host = decode(bracketed ? hostPort.substring(1, hostEnd) : hostEnd < 0 ? hostPort
                : hostPort.substring(0, hostEnd), origin);
        if (host.isEmpty()) {
            throw new ConfigException(origin + " names no host (memdir connects over TCP, not a Unix socket): " + FORM);
        }
        String afterHost = hostEnd < 0 ? "" : hostPort.substring(bracketed ? hostEnd + 1 : hostEnd);
        return new PostgresUrl(host, port(afterHost, origin), database, user, parameters);
    }

    /** Returns the JDBC URL of the database (without properties: those are {@link #properties()}). */
    public String jdbcUrl() {
        String address = host.contains(":") ? "[" + host + "]" : host;
        return "jdbc:postgresql://" + address + ":" + port + "/" + URLEncoder.encode(database, StandardCharsets.UTF_8);
    }

    /** Returns the JDBC driver's connection properties for the URL's parameters (no user, no password). */
    public Properties properties() {
        Properties properties = new Properties();
        parameters.forEach((name, value) -> properties.setProperty(DRIVER_PROPERTIES.get(name), value));
        return properties;
    }

    /** Returns the URL as a person wrote it, to name the database in messages. */
    @Override
    public String toString() {
        return "postgresql://" + user.map(name -> name + "@").orElse("")
                + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + "/" + database;
    }

    private static String withoutScheme(String text, String origin) throws ConfigException {
        for (String scheme : new String[] {"postgresql://", "postgres://"}) {
            if (text.startsWith(scheme)) {
                return text.substring(scheme.length());
            }
        }
        // Not echoed: whatever it is, it may hold a password.
        throw new ConfigException(origin + " must be a PostgreSQL URL, " + FORM);
    }

    private static int port(String colonPort, String origin) throws ConfigException {
        if (colonPort.isEmpty()) {
            return DEFAULT_PORT;
        }
        String digits = colonPort.substring(1);
        if (colonPort.charAt(0) != ':' || !digits.matches("\\d{1,5}") || Integer.parseInt(digits) == 0
                || Integer.parseInt(digits) > 65535) {
            throw new ConfigException(origin + " must give the port as a number from 1 to 65535, not '"
                    + colonPort + "'");
        }
        return Integer.parseInt(digits);
    }

    private static Map<String, String> parameters(String query, String origin) throws ConfigException {
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            if (equals < 0) {
                throw new ConfigException(origin + " has a parameter without a value: '" + pair + "'");
            }
            String name = decode(pair.substring(0, equals), origin);
            String value = decode(pair.substring(equals + 1), origin);
            if (name.equals("password")) {
                throw passwordRefused(origin);
            }
            if (!DRIVER_PROPERTIES.containsKey(name)) {
                throw new ConfigException(origin + " has the parameter '" + name + "', which memdir does not pass on;"
                        + " it takes " + String.join(", ", DRIVER_PROPERTIES.keySet().stream().sorted().toList()));
            }
            if (name.equals("sslmode") && !SSL_MODES.contains(value)) {
                throw new ConfigException(origin + ": sslmode must be one of disable, allow, prefer, require,"
                        + " verify-ca, verify-full, not '" + value + "'");
            }
            if (name.equals("connect_timeout") && !value.matches("\\d{1,6}")) {
                throw new ConfigException(origin + ": connect_timeout must be a number of seconds, not '" + value
                        + "'");
            }
            parameters.put(name, value);
        }
        return parameters;
    }

    /** Decodes {@code %XX} escapes (UTF-8); a {@code +} stays a {@code +}, as libpq keeps it. */
    private static String decode(String text, String origin) throws ConfigException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream decoded = new ByteArrayOutputStream(bytes.length);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] != '%') {
                decoded.write(bytes[i]);
                continue;
            }
            int high = i + 2 < bytes.length ? Character.digit(bytes[i + 1], 16) : -1;
            int low = high >= 0 ? Character.digit(bytes[i + 2], 16) : -1;
            if (low < 0) {
                throw new ConfigException(origin + " has a '%' that is not followed by two hex digits: '" + text + "'");
            }
            decoded.write(high * 16 + low);
            i += 2;
        }
        return decoded.toString(StandardCharsets.UTF_8);
    }

    private static ConfigException passwordRefused(String origin) {
        return new ConfigException(origin + " carries a password, which the process list and shell history show;"
                + " leave it out and put it in PGPASSWORD or ~/.pgpass (host:port:dbname:user:password, mode 0600)");
    }
}
