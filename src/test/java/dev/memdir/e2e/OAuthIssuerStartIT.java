package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.auth.oauth.TestIssuer;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarRun;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memdir serve --http --oauth-issuer URL} through the real jar, with an issuer it cannot use: one that does not
 * answer (nothing listening, or listening and silent) or answers junk (not HTTP, not JSON, no key set). Each stops the
 * start with exit 1 and one printable line on stderr saying what was wrong where, nothing on stdout.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OAuthIssuerStartIT {

    private static final String AUDIENCE = "https://memdir.test/mcp";
    private static final String METADATA = "/.well-known/oauth-authorization-server";
    private static final String OPENID = "/.well-known/openid-configuration";

    @TempDir
    Path temp;

    @Test
    void nothingListening_exit1_connectionRefusedAtEachMetadataAddress() throws Exception {
        String issuer;
        try (ServerSocket closedAtOnce = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            issuer = "http://127.0.0.1:" + closedAtOnce.getLocalPort();
        }

        JarRun run = serve(issuer);

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("memdir: cannot read the metadata of OAuth issuer " + issuer + ": "
                + issuer + METADATA + " (connection refused), " + issuer + OPENID + " (connection refused)\n");
        assertThat(run.stdout()).isEmpty();
    }

    @Test
    void listeningButSilent_exit1_noAnswerWithinTheWaitAtEachMetadataAddress() throws Exception {
        try (Junk silent = Junk.start(null)) {
            assertNoAnswerWithinTheWait(silent.url());
        }
    }

    /** Headers, then nothing: the wait bounds the whole exchange, not only its head. */
    @Test
    void answeringHeadersThenStalling_exit1_noAnswerWithinTheWaitAtEachMetadataAddress() throws Exception {
        try (Junk stalling = Junk.stalling("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                + "Content-Length: 1000\r\n\r\n{\"issuer\":")) {
            assertNoAnswerWithinTheWait(stalling.url());
        }
    }

    @Test
    void notHttp_exit1_oneLineWithoutTheControlCharactersItSent() throws Exception {
        try (Junk junk = Junk.start("\u001b[31mRED\u0000\u0007 not http " + "x".repeat(300) + "\r\n\r\n")) {
            JarRun run = serve(junk.url());

            assertThat(run.exit()).isEqualTo(1);
            assertThat(run.stderr()).startsWith("memdir: cannot read the metadata of OAuth issuer " + junk.url()
                    + ": " + junk.url() + METADATA + " (").contains("?[31mRED?? not http xxx").hasLineCount(1)
                    .endsWith(")\n").hasSizeLessThan(600);
            assertThat(run.stderr().substring(0, run.stderr().length() - 1)).matches("[\\x20-\\x7e]*");
        }
    }

    @Test
    void metadataNotJson_exit1_sayingSo() throws Exception {
        try (TestIssuer issuer = TestIssuer.start()) {
            issuer.publish(TestIssuer.METADATA, "<html><body>Sign in</body></html>");

            JarRun run = serve(issuer.url().toString());

            assertThat(run.exit()).isEqualTo(1);
            assertThat(run.stderr()).isEqualTo("memdir: the OAuth issuer metadata at " + issuer.url()
                    + TestIssuer.METADATA + " is not a JSON object\n");
        }
    }

    @Test
    void keySetNotJson_exit1_sayingWhereTheKeysAre() throws Exception {
        try (TestIssuer issuer = TestIssuer.start()) {
            issuer.publish(TestIssuer.METADATA, TestIssuer.metadata(issuer.url().toString(),
                    issuer.url() + TestIssuer.JWKS));
            issuer.publish(TestIssuer.JWKS, "{\"keys\": oops\n\u001b[2J");

            JarRun run = serve(issuer.url().toString());

            assertThat(run.exit()).isEqualTo(1);
            assertThat(run.stderr()).startsWith("memdir: cannot read the keys of OAuth issuer " + issuer.url() + " at "
                    + issuer.url() + TestIssuer.JWKS + ": ").hasLineCount(1);
            assertThat(run.stderr().substring(0, run.stderr().length() - 1)).matches("[\\x20-\\x7e]*");
        }
    }

    /** Serves with {@code issuer}, which never answers in full: exit 1, the wait named at each metadata address. */
    private void assertNoAnswerWithinTheWait(String issuer) throws Exception {
        JarRun run = serve(issuer);

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("memdir: cannot read the metadata of OAuth issuer " + issuer + ": "
                + issuer + METADATA + " (no answer within 5 s), " + issuer + OPENID + " (no answer within 5 s)\n");
    }

    private JarRun serve(String issuer) throws Exception {
        return JarRun.of(temp, JarLauncher.plain("serve", "--http", "127.0.0.1:0", "--root",
                temp.resolve("memory").toString(), "--oauth-issuer", issuer, "--oauth-audience", AUDIENCE)
                .env("HOME", Files.createDirectories(temp.resolve("home")).toString()));
    }

    /**
     * A loopback port that takes connections and answers each with {@code answer} (raw bytes, not HTTP) then closes
     * it, or, when {@code answer} is null, holds it open and says nothing; a stalling one sends {@code answer} and
     * then holds the connection open, saying nothing more.
     */
    private static final class Junk implements AutoCloseable {

        private final ServerSocket server;
        private final List<Socket> held = new ArrayList<>();

        private Junk(ServerSocket server, String answer, boolean stall) {
            this.server = server;
            Thread accepting = new Thread(() -> accept(answer, stall), "junk-issuer");
            accepting.setDaemon(true);
            accepting.start();
        }

        static Junk start(String answer) throws IOException {
            return new Junk(new ServerSocket(0, 10, InetAddress.getLoopbackAddress()), answer, false);
        }

        static Junk stalling(String answer) throws IOException {
            return new Junk(new ServerSocket(0, 10, InetAddress.getLoopbackAddress()), answer, true);
        }

        String url() {
            return "http://127.0.0.1:" + server.getLocalPort();
        }

        private void accept(String answer, boolean stall) {
            while (!server.isClosed()) {
                try {
                    Socket connection = server.accept();
                    if (answer != null) {
                        readHead(connection.getInputStream());
                        connection.getOutputStream().write(answer.getBytes(StandardCharsets.UTF_8));
                        connection.getOutputStream().flush();
                        if (!stall) {
                            connection.close();
                            continue;
                        }
                    }
                    synchronized (held) {
                        held.add(connection);
                    }
                } catch (IOException closedOrGone) {
                    // the next connection, or the end
                }
            }
        }

        /** Reads the request's head, so that closing after the answer does not reset the connection. */
        private static void readHead(InputStream in) throws IOException {
            StringBuilder head = new StringBuilder();
            while (head.indexOf("\r\n\r\n") < 0) {
                int b = in.read();
                if (b < 0) {
                    return;
                }
                head.append((char) b);
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
            synchronized (held) {
                for (Socket connection : held) {
                    connection.close();
                }
            }
        }
    }
}
