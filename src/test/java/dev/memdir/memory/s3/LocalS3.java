package dev.memdir.memory.s3;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * One real S3 API server for the whole test JVM: S3Proxy (its {@code jar-with-dependencies}, which the build copies
 * to {@code target/s3proxy/s3proxy.jar} and names in the system property {@code memdir.s3proxy.jar}) run as a child
 * process on a free loopback port, keeping its buckets in a temp directory (the filesystem backend), signing
 * checked (AWS v2 or v4) against one access key. Stopped and removed when the JVM ends.
 */
public final class LocalS3 {

    /** The region the server answers for; any name works, the SDK needs one. */
    public static final String REGION = "us-east-1";
    /** The access key id the server takes. */
    public static final String ACCESS_KEY = "memdir-test";
    /** The secret of {@link #ACCESS_KEY}. */
    public static final String SECRET_KEY = "memdir-test-secret";
    private static final Duration START_DEADLINE = Duration.ofSeconds(120);

    private final Path home;
    private final int port;
    private Process process;

    private LocalS3(Path home, int port) {
        this.home = home;
        this.port = port;
    }

    /** Returns the server of this JVM, starting it at the first call. */
    public static LocalS3 shared() {
        return Shared.SERVER;
    }

    /** Holds the server of this JVM, started when first asked for (the JVM runs this once, whatever the threads). */
    private static final class Shared {
        static final LocalS3 SERVER = startShared();

        private static LocalS3 startShared() {
            try {
                return start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Returns the endpoint the server answers at, {@code http://127.0.0.1:PORT}. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** Returns the credentials the server takes. */
    public static AwsCredentialsProvider credentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY));
    }

    /** Returns the address of a new, empty bucket on the server, with {@code prefix} (empty for none). */
    public S3Location freshBucket(String prefix) {
        String bucket = "test-" + UUID.randomUUID();
        S3Location location = new S3Location(bucket, prefix, Optional.of(endpoint()),
                Optional.of(REGION));
        try (S3Client client = S3Clients.open(location, credentials(), Duration.ofSeconds(30))) {
            client.createBucket(request -> request.bucket(bucket));
        }
        return location;
    }

    /** Returns the content of every object in {@code location}'s bucket, memdir's own and all. */
    public static List<byte[]> contents(S3Location location) {
        return List.copyOf(objects(location).values());
    }

    /** Returns every object in {@code location}'s bucket, memdir's own and all, by key. */
    public static SortedMap<String, byte[]> objects(S3Location location) {
        SortedMap<String, byte[]> objects = new TreeMap<>();
        try (S3Client client = S3Clients.open(location, credentials(), Duration.ofSeconds(30))) {
            for (S3Object object : client.listObjectsV2Paginator(request -> request.bucket(location.bucket()))
                    .contents()) {
                try {
                    objects.put(object.key(), client.getObjectAsBytes(request -> request.bucket(location.bucket())
                            .key(object.key())).asByteArray());
                } catch (NoSuchKeyException e) {
                    // S3Proxy lists a put in progress as its temporary file, gone once the put lands.
                }
            }
        }
        return objects;
    }

    /** Returns the key of every object in {@code location}'s bucket, memdir's own and all. */
    public static List<String> keys(S3Location location) {
        try (S3Client client = S3Clients.open(location, credentials(), Duration.ofSeconds(30))) {
            return client.listObjectsV2Paginator(request -> request.bucket(location.bucket())).contents().stream()
                    .map(S3Object::key).toList();
        }
    }

    /**
     * Returns the keys of {@code location}'s bucket that contain {@code containing} and are not among {@code before},
     * waiting up to 30 s for one to be listed: on a loaded machine S3Proxy's listing has been seen to show a new
     * object a moment after its put answered.
     */
    public static List<String> keysAdded(S3Location location, Collection<String> before, String containing)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            List<String> added = keys(location).stream()
                    .filter(key -> key.contains(containing) && !before.contains(key)).toList();
            if (!added.isEmpty() || System.nanoTime() > deadline) {
                return added;
            }
            Thread.sleep(100);
        }
    }

    /** Puts {@code content} at {@code key} (under no prefix) in {@code location}'s bucket. */
    public static void put(S3Location location, String key, byte[] content) {
        try (S3Client client = S3Clients.open(location, credentials(), Duration.ofSeconds(30))) {
            client.putObject(request -> request.bucket(location.bucket()).key(key), RequestBody.fromBytes(content));
        }
    }

    private static LocalS3 start() throws IOException {
        String jar = System.getProperty("memdir.s3proxy.jar");
        if (jar == null || !Files.isRegularFile(Path.of(jar))) {
            throw new IOException("No S3Proxy jar at the system property memdir.s3proxy.jar (" + jar + "): run the"
                    + " tests through Maven, which copies it to target/s3proxy/s3proxy.jar");
        }
        Path home = Files.createTempDirectory("memdir-s3-");
        Path data = Files.createDirectory(home.resolve("data"));
        int port = freePort();
        Path properties = home.resolve("s3proxy.properties");
        Files.writeString(properties, String.join("\n",
                "s3proxy.endpoint=http://127.0.0.1:" + port,
                "s3proxy.authorization=aws-v2-or-v4",
                "s3proxy.identity=" + ACCESS_KEY,
                "s3proxy.credential=" + SECRET_KEY,
                "jclouds.provider=filesystem",
                "jclouds.filesystem.basedir=" + data,
                ""), StandardCharsets.UTF_8);
        LocalS3 server = new LocalS3(home, port);
        Runtime.getRuntime().addShutdownHook(new Thread(server::remove, "stop-s3proxy"));
        server.launch();
        return server;
    }

    /**
     * Starts a server of the caller's own, which it may {@link #stop} and {@link #restart} (the shared one must
     * stay up); it is removed when the JVM ends.
     */
    public static LocalS3 startOwn() throws IOException {
        return start();
    }

    private void launch() throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        process = new ProcessBuilder(List.of(java.toString(), "-jar", System.getProperty("memdir.s3proxy.jar"),
                "--properties", home.resolve("s3proxy.properties").toString())).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(home.resolve("s3proxy.log").toFile())).start();
        awaitAnswer();
    }

    /** Stops the server, keeping its buckets: connections to its port are refused until {@link #restart}. */
    public void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    /** Starts the stopped server again on the same port, with the same buckets. */
    public void restart() throws IOException {
        launch();
    }

    /** Waits until the server accepts a connection on its port, or fails with its log when it dies first. */
    private void awaitAnswer() throws IOException {
        Instant deadline = Instant.now().plus(START_DEADLINE);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IOException("S3Proxy ended at start-up (exit " + process.exitValue() + "):\n"
                        + Files.readString(home.resolve("s3proxy.log")));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
                return;
            } catch (IOException notYet) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while waiting for S3Proxy", e);
                }
            }
        }
        throw new IOException("S3Proxy did not answer on port " + port + " within " + START_DEADLINE + ":\n"
                + Files.readString(home.resolve("s3proxy.log")));
    }

    /** Stops the server and removes its directory. */
    private void remove() {
        try {
            stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> paths = Files.walk(home)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            System.err.println("Could not remove " + home + ": " + e.getMessage());
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
