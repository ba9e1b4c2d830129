package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.auth.Authentication;
import dev.memdir.auth.DirectoryTokenStore;
import dev.memdir.auth.Principal;
import dev.memdir.auth.TokenAuthenticator;
import dev.memdir.auth.TokenSecrets;
import dev.memdir.memory.postgres.LocalPostgres;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code memdir token create|list|revoke} in process, on a directory and a real PostgreSQL. */
class TokenCommandTest {

    @TempDir Path temp;

    @Test
    void createPrintsTheTokenAloneOnStdoutAndSaysOnStderrItIsShownOnce() throws Exception {
        InProcessRun created = run("token", "create", "--user", "alice", "--expires", "90d", "--root", root());

        assertThat(created.exit()).as(created.err()).isZero();
        assertThat(created.out()).matches("mdt_[A-Za-z0-9_-]{43}\n");
        assertThat(created.err()).matches("Token [0-9a-f]{12} acts for alice on namespace user/alice, read-write,"
                + " expires \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\dZ; kept in .*\\.memdir-tokens\\.\n"
                + "This is the only time the token is shown: memdir keeps only its SHA-256\\. Store it now\\.\n");
        assertThat(authenticate(created.out().strip()))
                .isEqualTo(new Authentication.Accepted(new Principal("alice", "user/alice", false)));
    }

    @Test
    void aSharedNamespaceAndReadOnlyGoIntoTheToken() throws Exception {
        InProcessRun created = run("token", "create", "--user", "ci-bot", "--namespace", "team/backend", "--read-only",
                "--root", root());

        assertThat(created.exit()).as(created.err()).isZero();
        assertThat(authenticate(created.out().strip()))
                .isEqualTo(new Authentication.Accepted(new Principal("ci-bot", "team/backend", true)));
    }

    @Test
    void listShowsEveryTokenWithoutItsSecretOrHash() throws Exception {
        String token = run("token", "create", "--user", "alice", "--root", root()).out().strip();
        run("token", "create", "--user", "bob", "--namespace", "team", "--read-only", "--root", root());
        String hash = TokenSecrets.sha256(token);

        InProcessRun listed = run("token", "list", "--root", root());

        assertThat(listed.exit()).isZero();
        List<String> lines = listed.out().lines().toList();
        assertThat(lines.get(0)).matches("id +user +namespace +read-only +created +expires +revoked");
        assertThat(lines.get(1)).matches("[0-9a-f]{12}  alice  user/alice  no +\\S+Z +- +-");
        assertThat(lines.get(2)).matches("[0-9a-f]{12}  bob    team        yes +\\S+Z +- +-");
        assertThat(listed.out()).doesNotContain(token).doesNotContain(token.substring(4)).doesNotContain(hash);
    }

    @Test
    void revokeStopsTheToken() throws Exception {
        String token = run("token", "create", "--user", "alice", "--root", root()).out().strip();
        String id = run("token", "list", "--root", root()).out().lines().skip(1).findFirst().orElseThrow()
                .split(" ")[0];

        InProcessRun revoked = run("token", "revoke", id, "--root", root());
        InProcessRun again = run("token", "revoke", id, "--root", root());

        assertThat(revoked.out()).isEqualTo("Revoked token " + id + " (alice on namespace user/alice)\n");
        assertThat(again.exit()).isZero();
        assertThat(again.out()).startsWith("Token " + id + " was revoked already, at ");
        assertThat(authenticate(token)).isEqualTo(new Authentication.Refused(401, "Bearer error=\"invalid_token\"",
                "the token was revoked"));
    }

    @Test
    void listOfARootWithoutTokensSaysSoAndCreatesNothing() {
        InProcessRun listed = run("token", "list", "--root", root());

        assertThat(listed.exit()).isZero();
        assertThat(listed.out()).isEqualTo("No tokens in " + temp.resolve("memory")
                .resolve(DirectoryTokenStore.FILE_NAME) + "\n");
        assertThat(temp.resolve("memory")).doesNotExist();
    }

    @Test
    void anUnknownIdIsOneLineAndExit2AndChangesNothing() throws Exception {
        run("token", "create", "--user", "alice", "--root", root());
        byte[] before = Files.readAllBytes(tokenFile());

        InProcessRun unknown = run("token", "revoke", "0123456789ab", "--root", root());
        InProcessRun notAnId = run("token", "revoke", "../../etc", "--root", root());

        assertThat(unknown.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(unknown.err()).isEqualTo("memdir: no token has the id '0123456789ab' in " + tokenFile()
                + "; 'memdir token list' shows them\n");
        assertThat(notAnId.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(Files.readAllBytes(tokenFile())).isEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--expires=0d", "--expires=90y", "--expires=-1d", "--expires=3651d", "--expires=",
            "--user=", "--user=al ice", "--user=.memdir", "--user=a/b", "--namespace=../other",
            "--namespace=a//b", "--namespace=/abs", "--namespace=team/", "--namespace=team/.memdir-tokens",
            "--namespace=a/../b", "--namespace=t\u00e9am"})
    void badInputIsOneLineAndExit2AndNothingIsWritten(String option) {
        List<String> args = new ArrayList<>(List.of("token", "create", "--root", root()));
        if (!option.startsWith("--user")) {
            args.add("--user=alice");
        }
        args.add(option);

        InProcessRun run = run(args.toArray(String[]::new));

        assertThat(run.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(run.err()).startsWith("memdir: --").endsWith("'\n").hasLineCount(1);
        assertThat(run.out()).isEmpty();
        assertThat(temp.resolve("memory")).doesNotExist();
    }

    @Test
    void createWithoutAUserIsAUsageError() {
        InProcessRun noUser = run("token", "create", "--root", root());

        assertThat(noUser.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(noUser.err()).isEqualTo("memdir: token create needs --user NAME: who the token acts for\n");
        assertThat(temp.resolve("memory")).doesNotExist();
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", quoteCharacter = '"', value = {
        "list --user alice => --user describes a new token: only 'token create' takes it",
        "list --namespace user/alice => --namespace describes a new token: only 'token create' takes it",
        "list --no-read-only => 'memdir token list' does not take '--no-read-only'",
        "revoke 0123456789ab --expires 9d => --expires describes a new token: only 'token create' takes it",
        "revoke => token revoke needs ID, the token's id as 'memdir token list' shows it",
        "revoke 0123456789ab b => 'memdir token revoke' does not take 'b'",
        "frobnicate => 'memdir token' has no command 'frobnicate'",
        "create --user alice --http 8080 => 'memdir token create' does not take '--http'",
        "list --search-tool => 'memdir token list' does not take '--search-tool'",
    })
    void aRefusedCommandLineNamesWhatIsWrongThenTheUse(String words, String fault) {
        InProcessRun.inWords(temp.resolve("work"), "token", words, "--root", root()).assertRefused(fault,
                "memdir: use 'memdir token create --user NAME [--namespace NS] [--read-only] [--expires 90d]',"
                        + " 'memdir token list' or 'memdir token revoke ID'");
        assertThat(temp.resolve("memory")).doesNotExist();
    }

    @Test
    void onPostgresTheTokensLiveInTheDatabase() throws Exception {
        String database = LocalPostgres.shared().freshStoreUrl();

        InProcessRun created = run("token", "create", "--user", "alice", "--namespace", "team", "--store", database);
        InProcessRun listed = run("token", "list", "--store", database);
        InProcessRun inTheRoot = run("token", "list", "--root", root());

        assertThat(created.exit()).as(created.err()).isZero();
        assertThat(created.err()).contains("kept in memdir.tokens of " + database + ".").hasLineCount(2);
        assertThat(listed.out()).containsPattern("\n[0-9a-f]{12}  alice  team +no ")
                .doesNotContain(created.out().strip());
        assertThat(inTheRoot.out()).startsWith("No tokens in ");
    }

    @Test
    void anUnreachableDatabaseIsOneLineAndExit1() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }

        InProcessRun run = run("token", "list", "--store", "postgresql://alice@127.0.0.1:" + port + "/team",
                "--store-timeout", "1s");

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.err()).startsWith("memdir: cannot open the tokens of postgresql://alice@127.0.0.1:" + port
                + "/team: cannot reach the database: ").hasLineCount(1);
        assertThat(run.out()).isEmpty();
    }

    private String root() {
        return temp.resolve("memory").toString();
    }

    private Path tokenFile() {
        return temp.resolve("memory").resolve(DirectoryTokenStore.FILE_NAME);
    }

    private Authentication authenticate(String token) {
        return new TokenAuthenticator(DirectoryTokenStore.at(temp.resolve("memory")))
                .authenticate(Optional.of("Bearer " + token));
    }

    private InProcessRun run(String... args) {
        return InProcessRun.in(temp.resolve("work"), args);
    }
}
