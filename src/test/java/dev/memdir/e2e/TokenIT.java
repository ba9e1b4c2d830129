package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.auth.Authentication;
import dev.memdir.auth.DirectoryTokenStore;
import dev.memdir.auth.Principal;
import dev.memdir.auth.TokenAuthenticator;
import dev.memdir.e2e.support.JarRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code memdir token} through the real jar: a token made, listed without its secret, revoked, then refused. */
class TokenIT {

    @TempDir Path temp;

    @Test
    void aTokenIsMadeListedWithoutItsSecretRevokedAndThenRefused() throws Exception {
        Path root = temp.resolve("memory");

        JarRun created = JarRun.of(temp, "token", "create", "--user", "alice", "--namespace", "team/backend",
                "--expires", "30d", "--root", root.toString());
        String token = created.stdout().strip();
        TokenAuthenticator authenticator = new TokenAuthenticator(DirectoryTokenStore.at(root));
        Authentication before = authenticator.authenticate(Optional.of("Bearer " + token));
        JarRun listed = JarRun.of(temp, "token", "list", "--root", root.toString());
        String id = listed.stdout().lines().skip(1).findFirst().orElseThrow().split(" ")[0];
        JarRun revoked = JarRun.of(temp, "token", "revoke", id, "--root", root.toString());
        Authentication after = new TokenAuthenticator(DirectoryTokenStore.at(root))
                .authenticate(Optional.of("Bearer " + token));

        assertThat(created.exit()).as(created.stderr()).isZero();
        assertThat(token).matches("mdt_[A-Za-z0-9_-]{43}");
        assertThat(created.stderr()).contains("This is the only time the token is shown").doesNotContain(token);
        assertThat(before).isEqualTo(new Authentication.Accepted(new Principal("alice", "team/backend", false)));
        assertThat(listed.exit()).isZero();
        assertThat(listed.stdout()).contains(id + "  alice  team/backend  no ").doesNotContain(token)
                .doesNotContain(token.substring(4));
        assertThat(revoked.exit()).isZero();
        assertThat(revoked.stdout()).isEqualTo("Revoked token " + id + " (alice on namespace team/backend)\n");
        assertThat(after).isEqualTo(new Authentication.Refused(401, "Bearer error=\"invalid_token\"",
                "the token was revoked"));
        Path file = root.resolve(DirectoryTokenStore.FILE_NAME);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        try (Stream<Path> files = Files.walk(root)) {
            for (Path kept : files.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(kept)).as(kept.toString()).doesNotContain(token.substring(4));
            }
        }
    }

    @Test
    void badInputIsNamedAndExit2WithNothingWritten() throws Exception {
        Path root = temp.resolve("memory");

        JarRun badExpiry = JarRun.of(temp, "token", "create", "--user", "alice", "--expires", "soon", "--root",
                root.toString());
        JarRun unknownId = JarRun.of(temp, "token", "revoke", "0123456789ab", "--root", root.toString());
        JarRun listOfANamespace = JarRun.of(temp, "token", "list", "--namespace", "user/alice", "--root",
                root.toString());
        JarRun noId = JarRun.of(temp, "token", "revoke", "--root", root.toString());

        assertThat(badExpiry.exit()).isEqualTo(2);
        assertThat(badExpiry.stderr()).isEqualTo("memdir: --expires takes a lifetime of 1h to 3650d, as 90d or 12h,"
                + " not 'soon'\n");
        assertThat(unknownId.exit()).isEqualTo(2);
        assertThat(unknownId.stderr()).startsWith("memdir: no token has the id '0123456789ab'").hasLineCount(1);
        assertThat(listOfANamespace.exit()).isEqualTo(2);
        assertThat(listOfANamespace.stderr()).startsWith("memdir: --namespace describes a new token: only 'token"
                + " create' takes it\nmemdir: use 'memdir token create ").hasLineCount(2);
        assertThat(noId.exit()).isEqualTo(2);
        assertThat(noId.stderr()).startsWith("memdir: token revoke needs ID, the token's id as 'memdir token list'"
                + " shows it\nmemdir: use 'memdir token create ").hasLineCount(2);
        assertThat(root).doesNotExist();
    }
}
