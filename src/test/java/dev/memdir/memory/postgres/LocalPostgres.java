package dev.memdir.memory.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * One real PostgreSQL server for the whole test JVM (and private ones for tests that stop and start theirs): made
 * by {@code initdb} in a temp directory, listening on a free loopback port only, trusting every local connection
 * but those of {@link #PASSWORD_USER} and {@link #TEAM_USER} (who must give a password), stopped and removed when the JVM ends. The server's
 * binaries are Debian's ({@code /usr/lib/postgresql/N/bin}, N 15 or newer; {@code .ci/run} installs the
 * {@code postgresql} package when they are missing), or whatever {@code initdb} the PATH has. PostgreSQL refuses to
 * run as root, so as root it runs as the {@code postgres} user that package makes (else as {@code nobody}).
 */
public final class LocalPostgres {

    /** The one user that must give its password, so that tests can show where memdir finds one. */
    public static final String PASSWORD_USER = "memdir_password";
    /** The role docs/team.md's walkthrough makes, which must give its password there as on a Debian host. */
    public static final String TEAM_USER = "acme_memdir";
    /** The superuser, who logs in without a password. */
    public static final String SUPERUSER = "memdir";
    private static final int OLDEST_VERSION = 15;
    private static LocalPostgres shared;

    private final Path bin;
    private final Path home;
    private final Optional<String> runAs;
    private final int port;
    private HikariDataSource pool;
    private boolean running;

    private LocalPostgres(Path bin, Path home, Optional<String> runAs, int port) {
        this.bin = bin;
        this.home = home;
        this.runAs = runAs;
        this.port = port;
    }

    /** Returns the server of this JVM, starting it at the first call. */
    public static synchronized LocalPostgres shared() {
        if (shared == null) {
            try {
                shared = start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return shared;
    }

    /**
     * Starts a server of the caller's own, for tests that stop and start it (removed when the JVM ends like the
     * shared one).
     */
    public static LocalPostgres startPrivate() throws IOException {
        return start();
    }

    /** Stops the server fast, ending every open connection; its data stays for {@link #startAgain}. */
    public synchronized void stop() throws IOException {
        run("pg_ctl", "-D", data().toString(), "-m", "fast", "-w", "stop");
        running = false;
    }

    /** Starts the stopped server again on the same port and data. */
    public synchronized void startAgain() throws IOException {
        run("pg_ctl", "-D", data().toString(), "-l", home.resolve("server.log").toString(), "-w", "start");
        running = true;
    }

    /** Starts the server again when a test stopped it and failed before starting it. */
    public synchronized void startAgainIfStopped() throws IOException {
        if (!running) {
            startAgain();
        }
    }

    /** Returns the loopback port the server listens on. */
    public int port() {
        return port;
    }

    /** Returns the JDBC URL of the server's {@code postgres} database, as its superuser. */
    public String jdbcUrl() {
        return jdbcUrl("postgres");
    }

    /** Makes a new, empty database and returns its JDBC URL. */
    public String freshDatabase() throws SQLException {
        return jdbcUrl(createDatabase());
    }

    /** Makes a new, empty database and returns its URL as {@code --store} takes it. */
    public String freshStoreUrl() throws SQLException {
        return storeUrl(createDatabase());
    }

    /** Returns the URL {@code --store} takes for the database of this server that {@code jdbcUrl} names. */
    public String storeUrlOf(String jdbcUrl) {
        String database = jdbcUrl.substring(jdbcUrl.lastIndexOf('/') + 1);
        return storeUrl(database.contains("?") ? database.substring(0, database.indexOf('?')) : database);
    }

    private String storeUrl(String database) {
        return "postgresql://" + SUPERUSER + "@127.0.0.1:" + port + "/" + database;
    }

    /**
     * Gives {@link #PASSWORD_USER} the password {@code password} and a new, empty database of its own; returns the
     * database's URL as {@code --store} takes it, naming that user.
     */
    public String freshStoreUrlWithPassword(String password) throws SQLException {
        String name = createDatabase();
        try (Connection connection = dataSource().getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("DO $$ BEGIN CREATE ROLE " + PASSWORD_USER + " LOGIN;"
                    + " EXCEPTION WHEN duplicate_object THEN NULL; END $$");
            statement.execute("ALTER ROLE " + PASSWORD_USER + " PASSWORD '" + password.replace("'", "''") + "'");
            statement.execute("ALTER DATABASE " + name + " OWNER TO " + PASSWORD_USER);
        }
        return "postgresql://" + PASSWORD_USER + "@127.0.0.1:" + port + "/" + name;
    }

    /**
     * Returns what {@code pg_dump} (the server's own, beside its {@code initdb}) writes of the database of this
     * server that {@code jdbcUrl} names: its schema and every row, as plain SQL.
     */
    public String dump(String jdbcUrl) throws IOException {
        String database = jdbcUrl.substring(jdbcUrl.lastIndexOf('/') + 1).replaceFirst("\\?.*", "");
        Path file = home.resolve("dump-" + UUID.randomUUID() + ".sql");
        try {
            run("pg_dump", "-h", "127.0.0.1", "-p", String.valueOf(port), "-U", SUPERUSER, "-f", file.toString(),
                    database);
            return Files.readString(file, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Returns how a store reaches the database at {@code jdbcUrl}, with the default store timeout. */
    public static PostgresConnection connectionTo(String jdbcUrl) {
        return new PostgresConnection(jdbcUrl, new Properties(), Duration.ofSeconds(5));
    }

    private String createDatabase() throws SQLException {
        String name = "test_" + UUID.randomUUID().toString().replace("-", "");
        try (Connection connection = dataSource().getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        }
        return name;
    }

    private String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=" + SUPERUSER;
    }

    /** Returns a pool on the server, shared by every test of the JVM. */
    public synchronized DataSource dataSource() {
        if (pool == null) {
            HikariConfig config = new HikariConfig();
            config.setJdbcUrl(jdbcUrl());
            config.setPoolName("tests");
            config.setMaximumPoolSize(8);
            config.setMinimumIdle(1);
            pool = new HikariDataSource(config);
        }
        return pool;
    }

    /** Returns a source of new connections to the server, as a store listening for changes needs. */
    public DataSource unpooled() {
        PGSimpleDataSource connections = new PGSimpleDataSource();
        connections.setURL(jdbcUrl());
        return connections;
    }

    /**
     * Opens a store on the shared pool of the server with the default timeout, listening through a connection of its
     * own, which closing it closes.
     */
    public PostgresStore open(PostgresOptions options) throws IOException {
        return PostgresStore.open(dataSource(), unpooled(), options);
    }

    /** Returns a namespace name no other test uses. */
    public static String freshNamespace() {
        return "test/" + UUID.randomUUID();
    }

    private static LocalPostgres start() throws IOException {
        Path bin = binaries();
        Path home = Files.createTempDirectory("memdir-postgres-");
        Optional<String> runAs = Optional.empty();
        if ("root".equals(System.getProperty("user.name"))) {
            UserPrincipal owner = serverUser(home);
            Files.setOwner(home, owner);
            runAs = Optional.of(owner.getName());
        }
        LocalPostgres server = new LocalPostgres(bin, home, runAs, freePort());
        Runtime.getRuntime().addShutdownHook(new Thread(server::remove, "stop-postgres"));
        server.run("initdb", "-D", server.data().toString(), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8",
                "--no-locale", "--no-sync");
        Files.writeString(server.data().resolve("postgresql.conf"), String.join("\n",
                "", "port = " + server.port, "listen_addresses = '127.0.0.1'", "unix_socket_directories = ''",
                "fsync = off", "synchronous_commit = off", "full_page_writes = off", ""),
                StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        Path hba = server.data().resolve("pg_hba.conf");
        Files.writeString(hba, "host all " + PASSWORD_USER + "," + TEAM_USER + " 127.0.0.1/32 scram-sha-256\n" + Files.readString(hba));
        server.startAgain();
        return server;
    }

    private Path data() {
        return home.resolve("data");
    }

    /** Stops the server fast (open connections are ended) when it runs, and removes its directory. */
    private synchronized void remove() {
        try {
            if (pool != null) {
                pool.close();
            }
            if (running) {
                stop();
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("Could not stop the test PostgreSQL in " + home + ": " + e.getMessage());
        }
        try (Stream<Path> paths = Files.walk(home)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            System.err.println("Could not remove " + home + ": " + e.getMessage());
        }
    }

    /** Runs one of the server's programs (as the server's user) and waits for it; its output goes to a log. */
    private void run(String program, String... arguments) throws IOException {
        List<String> command = new ArrayList<>();
        runAs.ifPresent(user -> command.addAll(List.of("runuser", "-u", user, "--")));
        command.add(bin.resolve(program).toString());
        command.addAll(List.of(arguments));
        Path log = home.resolve(program + ".out");
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            if (process.waitFor() != 0) {
                throw new IOException(String.join(" ", command) + " failed:\n" + Files.readString(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + program, e);
        }
    }

    /** Returns the directory of the newest PostgreSQL (15 or newer) this machine has. */
    private static Path binaries() throws IOException {
        Path debian = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(debian)) {
            try (Stream<Path> versions = Files.list(debian)) {
                Optional<Path> newest = versions
                        .filter(version -> version.getFileName().toString().matches("\\d+"))
                        .filter(version -> Integer.parseInt(version.getFileName().toString()) >= OLDEST_VERSION)
                        .map(version -> version.resolve("bin"))
                        .filter(version -> Files.isExecutable(version.resolve("initdb")))
                        .max(Comparator.comparingInt(version -> Integer.parseInt(
                                version.getParent().getFileName().toString())));
                if (newest.isPresent()) {
                    return newest.get();
                }
            }
        }
        for (String directory : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!directory.isEmpty() && Files.isExecutable(Path.of(directory, "initdb"))) {
                return Path.of(directory, "initdb").toRealPath().getParent();
            }
        }
        throw new IOException("No PostgreSQL " + OLDEST_VERSION + "+ found (initdb in /usr/lib/postgresql/N/bin or on"
                + " the PATH): install Debian's postgresql package (.ci/run does when it is missing)");
    }

    /** Returns the user a server started by root runs as: {@code postgres} where Debian's package made it. */
    private static UserPrincipal serverUser(Path home) throws IOException {
        UserPrincipalLookupService users = home.getFileSystem().getUserPrincipalLookupService();
        try {
            return users.lookupPrincipalByName("postgres");
        } catch (UserPrincipalNotFoundException noPackageUser) {
            return users.lookupPrincipalByName("nobody");
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
