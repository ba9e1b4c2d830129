package dev.memdir.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.auth.DirectoryTokenStore;
import dev.memdir.auth.TokenStore;
import dev.memdir.config.Settings;
import dev.memdir.config.SettingsResolver;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What StoreChoice and TokenChoice open for a memory in a bucket, whose endpoint here refuses connections. */
class StoreChoiceTest {

    @TempDir
    Path temp;

    private int port;
    private Settings bucket;

    @BeforeEach
    void aBucketNobodyAnswersFor() throws Exception {
        port = closedPort();
        bucket = inTheBucket("team");
    }

    /** Returns the settings of the memory {@code namespace} in the bucket. */
    private Settings inTheBucket(String namespace) throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        return new SettingsResolver(Map.of("MEMDIR_HOME", home.resolve(".memdir").toString()), home, temp)
                .resolve(Map.of("store", "s3://team-memory/acme", "namespace", namespace,
                        "s3-endpoint", "http://127.0.0.1:" + port, "store-timeout", "2s",
                        "project", Files.createDirectories(temp.resolve("project")).toString()));
    }

    @Test
    void aBucketThatCannotBeOpened_isOneLineNamingTheMemory() {
        assertCannotOpen(() -> StoreChoice.open(bucket, "ann").close(), "team");
    }

    @Test
    void namespacesOfABucket_areEachOpenedAsTheirOwnStore() throws Exception {
        Settings backend = inTheBucket("team/backend");
        try (NamespaceStores stores = StoreChoice.openShared(bucket)) {
            assertCannotOpen(() -> stores.open(backend, "ann").close(), "team/backend");
        }
    }

    /** A bucket keeps no tokens: they stay in the reserved file of the root, as on the directory store. */
    @Test
    void theTokensOfABucket_areTheRootsTokenFile() throws Exception {
        try (TokenStore tokens = TokenChoice.open(bucket)) {
            assertThat(tokens).isInstanceOf(DirectoryTokenStore.class);
            assertThat(tokens.location()).isEqualTo(bucket.root().resolve(DirectoryTokenStore.FILE_NAME).toString());
            assertThat(tokens.list()).isEmpty();
        }
    }

    private static void assertCannotOpen(ThrowingCallable opening, String namespace) {
        assertThatThrownBy(opening).isInstanceOf(StoreUnavailableException.class)
                .hasMessageStartingWith("cannot open namespace " + namespace + " of s3://team-memory/acme: ");
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
