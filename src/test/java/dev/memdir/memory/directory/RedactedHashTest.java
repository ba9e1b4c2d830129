package dev.memdir.memory.directory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.Sha256;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A redacted version's SHA-256 on the directory store: the {@code .redacted} file keeps the version's size and who
 * redacted it and when, never the hash (the hash of a short secret can be guessed); one an earlier memdir kept there
 * is never shown, and is gone once a memdir opens the root.
 */
class RedactedHashTest {

    private static final StoreLimits LIMITS = StoreLimits.perFile(1 << 20);
    private static final MemoryPath NOTES = MemoryPath.of(List.of("notes.md"));
    private static final byte[] SECRET = "token: sk-live-4f9c2e71d0b8a6\n".getBytes(StandardCharsets.UTF_8);
    private static final String HASH = Sha256.hex(SECRET);

    @TempDir
    Path temp;
    Path root;

    /** Keeps the secret as version 1 of notes.md, and a later text as version 2; redacts 1 as {@code redactor}. */
    @BeforeEach
    void redactASecret() throws Exception {
        root = temp.resolve("memories");
        try (DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(root, LIMITS, "redactor"))) {
            store.change(files -> {
                files.write(NOTES, SECRET);
                files.write(NOTES, "token: (in the vault)\n".getBytes(StandardCharsets.UTF_8));
                files.write(NOTES, "token: (in the safe)\n".getBytes(StandardCharsets.UTF_8));
                files.redact(NOTES, 1);
                return null;
            });
        }
    }

    @Test
    void theRedactedFileHoldsTheSizeAnEmptyLineAndWhoAndWhen() throws Exception {
        String figures = Files.readString(redactedFile());

        assertThat(figures).matches(SECRET.length + "\n\nredactor\n\\d+\n");
        try (DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(root, LIMITS, "reader"))) {
            FileVersion redacted = store.versions(NOTES).get(1);
            assertThat(redacted.sha256()).isEmpty();
            assertThat(redacted.size()).isEqualTo(SECRET.length);
            assertThat(redacted.redaction().orElseThrow().actor()).isEqualTo("redactor");
            assertThat(store.versions(NOTES).get(0).sha256()).isPresent();
        }
    }

    @Test
    void aHashAnEarlierMemdirKept_isNeverShownAndIsGoneAtTheNextOpen() throws Exception {
        Path redacted = redactedFile();
        String figures = Files.readString(redacted);
        try (DirectoryStore open = DirectoryStore.open(DirectoryOptions.of(root, LIMITS, "reader"))) {
            Files.writeString(redacted, figures.replaceFirst("\n\n", "\n" + HASH + "\n"));
            assertThat(Files.readString(redacted)).contains(HASH);

            FileVersion shown = open.versions(NOTES).get(1);

            assertThat(shown.sha256()).isEmpty();
            assertThat(shown.size()).isEqualTo(SECRET.length);
            assertThat(shown.redaction().orElseThrow().actor()).isEqualTo("redactor");
        }

        DirectoryStore.open(DirectoryOptions.of(root, LIMITS, "next")).close();

        assertThat(Files.readString(redacted)).isEqualTo(figures).doesNotContain(HASH);
    }

    /** Returns the one {@code .redacted} file of the root's history. */
    private Path redactedFile() throws IOException {
        try (Stream<Path> files = Files.walk(root.resolve(History.DIRECTORY))) {
            List<Path> redacted = files.filter(file -> file.toString().endsWith(RedactedFigures.SUFFIX)).toList();
            assertThat(redacted).hasSize(1);
            return redacted.get(0);
        }
    }
}
