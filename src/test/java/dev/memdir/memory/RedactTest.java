package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.memdir.Eventually;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RedactTest extends OnEveryStore {

    private static final String SECRET = "sk-live-4f9c2e71d0b8a6";

    private MemoryPath notes;

    @BeforeEach
    void keepASecretInTheHistory() throws Exception {
        notes = MemoryPathParser.parse("/memories/notes.md");
        memory.write("notes.md", "token: " + SECRET + "\n");
        memory.text("str_replace", "path", "/memories/notes.md", "old_str", SECRET, "new_str", "(in the vault)");
        memory.text("str_replace", "path", "/memories/notes.md", "old_str", "vault", "new_str", "safe");
    }

    @Test
    void aRedactedVersionKeepsItsFiguresButItsHashWithWhoAndWhen() throws Exception {
        FileVersion before = memory.store.versions(notes).get(1);

        CommandOutput done = memory.tool.redact(notes, 1);

        assertThat(((CommandOutput.Text) done).text()).isEqualTo("Redacted version 1 of /memories/notes.md: its"
                + " content and SHA-256 are removed from the history; its number, time and size stay, with who"
                + " redacted it and when");
        List<FileVersion> versions = memory.store.versions(notes);
        assertThat(versions).extracting(FileVersion::redacted).containsExactly(false, true);
        FileVersion redacted = versions.get(1);
        assertThat(before.sha256()).isPresent();
        assertThat(redacted.sha256()).isEmpty();
        assertThat(redacted).usingRecursiveComparison().ignoringFields("redaction", "sha256").isEqualTo(before);
        assertThat(redacted.redaction().orElseThrow().actor()).isEqualTo(MemoryFixture.SESSION);
        Optional<byte[]> redactedContent = memory.store.read(files -> files.version(notes, 1));
        Optional<byte[]> keptContent = memory.store.read(files -> files.version(notes, 2));
        assertThat(redactedContent).isEmpty();
        assertThat(keptContent).isPresent();
    }

    @Test
    void aRedactedVersionCannotBeRestoredOrRedactedAgain() throws Exception {
        memory.tool.redact(notes, 1);
        String when = memory.store.versions(notes).get(1).redaction().orElseThrow().time().toString();

        CommandException restore = catchThrowableOfType(CommandException.class,
                () -> memory.tool.restore(notes, Optional.of(1)));
        CommandException again = catchThrowableOfType(CommandException.class, () -> memory.tool.redact(notes, 1));
        CommandException missing = catchThrowableOfType(CommandException.class, () -> memory.tool.redact(notes, 9));

        assertThat(restore.text()).isEqualTo("Error: Version 1 of /memories/notes.md was redacted by "
                + MemoryFixture.SESSION + " at " + when + "; its content is gone, so it cannot be restored");
        assertThat(again.text()).isEqualTo("Error: Version 1 of /memories/notes.md is already redacted (by "
                + MemoryFixture.SESSION + " at " + when + ")");
        assertThat(missing.text()).isEqualTo("Error: The history of /memories/notes.md holds no version 9");
        assertThat(memory.read("notes.md")).isEqualTo("token: (in the safe)\n");
    }

    @Test
    void theSecretsHashIsGoneFromTheStore() throws Exception {
        String hash = Sha256.hex(("token: " + SECRET + "\n").getBytes(StandardCharsets.UTF_8));
        assertThat(memory.store.versions(notes).get(1).sha256()).contains(hash);

        memory.tool.redact(notes, 1);

        assertThat(memory.storedAnywhere(hash)).isFalse();
    }

    @Test
    void theSecretIsGoneFromTheStore() throws Exception {
        if (!memory.kind.sealed()) {
            // A sealed store never holds it in clear: SealedPostgresTest and its kin prove that on their own.
            assertThat(storedWithin30Seconds(SECRET)).isTrue();
        }

        memory.tool.redact(notes, 1);

        assertThat(memory.storedAnywhere(SECRET)).isFalse();
    }

    /** Whether the store holds {@code text}, asked again for up to 30 s: S3Proxy may list a new object late. */
    private boolean storedWithin30Seconds(String text) throws Exception {
        return Eventually.within(java.time.Duration.ofSeconds(30), () -> memory.storedAnywhere(text));
    }
}
