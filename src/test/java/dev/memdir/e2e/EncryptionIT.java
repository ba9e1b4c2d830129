package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.EveryStoreTest;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarMemory;
import dev.memdir.e2e.support.JarRun;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.memory.postgres.LocalPostgres;
import dev.memdir.memory.s3.LocalS3;
import dev.memdir.memory.s3.S3Location;
import io.modelcontextprotocol.client.McpSyncClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Encryption at rest through the real jar, on each store: an encrypted memory answers every call as a plain one
 * does while its raw store (the directory's bytes, a dump of the database, the bucket's objects) holds none of what
 * was written; start-up refuses a missing, a wrong or an unwanted key in one line; a rotation loses nothing; store
 * copy turns encryption on and off.
 */
class EncryptionIT {

    private static final String MARKER = "ZEBRA-CANTALOUPE-4471";
    private static final String EDITED = "QUOKKA-PERSIMMON-8812";

    @TempDir Path temp;
    private Path key;

    /** A memory of one store as the jar is pointed at it, and how to read everything its store keeps, raw. */
    private record Raw(JarMemory memory, RawReader reader) {
        String bytes() throws Exception {
            return reader.read();
        }
    }

    @FunctionalInterface
    private interface RawReader {
        String read() throws Exception;
    }

    @BeforeEach
    void makeKey() throws Exception {
        JarRun made = JarRun.of(temp, "key", "create", "memdir.key");
        assertThat(made.exit()).as(made.stderr()).isZero();
        key = temp.resolve("memdir.key");
    }

    @EveryStoreTest
    void anEncryptedMemory_answersAsAPlainOne_andItsRawStoreHoldsNothingWritten(String kind) throws Exception {
        Raw plain = fresh(kind, "plain");
        Raw sealed = fresh(kind, "sealed");

        List<String> plainAnswers = session(plain.memory(), List.of());
        List<String> sealedAnswers = session(sealed.memory(), List.of("--key-file", key.toString()));

        assertThat(sealedAnswers).isEqualTo(plainAnswers);
        assertThat(plainAnswers.get(0)).isEqualTo("File created successfully at: /memories/notes.md");
        assertThat(plain.bytes()).contains(MARKER).contains(EDITED);
        assertThat(sealed.bytes()).doesNotContain(MARKER).doesNotContain(EDITED);
    }

    @EveryStoreTest
    void startUp_refusesAnEncryptedMemoryWithoutItsKey_orWithAnother_andAPlainOneWithAKey(String kind)
            throws Exception {
        Raw sealed = fresh(kind, "sealed");
        session(sealed.memory(), List.of("--key-file", key.toString()));
        Raw plain = fresh(kind, "plain");
        session(plain.memory(), List.of());
        JarRun other = JarRun.of(temp, "key", "create", "other.key");
        assertThat(other.exit()).isZero();
        Path otherKey = temp.resolve("other.key");

        assertRefused(serve(sealed.memory()), "it is encrypted: give its key with --key-file FILE (or"
                + " MEMDIR_KEY_FILE)");
        assertRefused(serve(sealed.memory(), "--key-file", otherKey.toString()), "the key in " + otherKey
                + " does not open it (it was encrypted under another key)");
        assertRefused(serve(plain.memory(), "--key-file", key.toString()), "it is not encrypted, and a key was given:"
                + " leave --key-file out, or copy it into a new encrypted memory with memdir store copy --from ..."
                + " --to ... --to-key-file FILE");
        assertThat(serve(sealed.memory(), "--key-file", key.toString()).exit()).isZero();
    }

    @EveryStoreTest
    void keyRotate_withReencrypt_keepsEveryFileAndVersion_andChangesTheStoredBytes(String kind) throws Exception {
        Raw sealed = fresh(kind, "sealed");
        List<String> before = session(sealed.memory(), List.of("--key-file", key.toString()));
        String historyBefore = history(sealed.memory(), true);
        String rawBefore = sealed.bytes();

        JarRun rotated = JarRun.of(temp, sealed.memory().launcher("key", "rotate", "--key-file", key.toString(),
                "--reencrypt"));

        assertThat(rotated.exit()).as(rotated.stderr()).isZero();
        assertThat(rotated.stdout()).startsWith("Added a new key to " + key + " (2 keys in it now).\nSealed ")
                .contains(" again under a new data key (");
        assertThat(history(sealed.memory(), true)).isEqualTo(historyBefore);
        assertThat(view(sealed.memory(), "/memories/topics/notes.md")).isEqualTo(before.get(before.size() - 1));
        assertThat(sealed.bytes()).isNotEqualTo(rawBefore).doesNotContain(MARKER);
    }

    @EveryStoreTest
    void storeCopy_turnsEncryptionOn_andOffAgain(String kind) throws Exception {
        Path plainRoot = temp.resolve("plain-memory");
        session(JarMemory.directory(plainRoot), List.of());
        Raw sealed = fresh(kind, "sealed");
        Path backRoot = temp.resolve("back");

        JarRun on = JarRun.of(temp, copy(plainRoot.toString(), sealed.memory(), "--to", "--to-key-file"));
        JarRun off = JarRun.of(temp, copy(backRoot.toString(), sealed.memory(), "--from", "--from-key-file"));

        assertThat(on.exit()).as(on.stderr()).isZero();
        assertThat(off.exit()).as(off.stderr()).isZero();
        assertThat(sealed.bytes()).doesNotContain(MARKER).doesNotContain(EDITED);
        assertThat(Files.readString(backRoot.resolve("topics/notes.md")))
                .isEqualTo(Files.readString(plainRoot.resolve("topics/notes.md")));
        assertThat(history(JarMemory.directory(backRoot), false).lines().count())
                .isEqualTo(history(JarMemory.directory(plainRoot), false).lines().count()).isGreaterThan(2);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"directory", "postgres"})
    void aTamperedFile_answersAnErrorNamingItsPath_whileTheOthersWork(String kind) throws Exception {
        Raw sealed = fresh(kind, "sealed");
        List<String> answers = session(sealed.memory(), List.of("--key-file", key.toString()));
        if (kind.equals("directory")) {
            Path stored = Path.of(sealed.memory().choice().get(1)).resolve("topics/notes.md");
            byte[] bytes = Files.readAllBytes(stored);
            bytes[bytes.length / 2] ^= 1;
            Files.write(stored, bytes);
        } else {
            String url = sealed.memory().choice().get(1);
            String jdbc = LocalPostgres.shared().jdbcUrl().replace("/postgres?", url.substring(url.lastIndexOf('/'))
                    + "?");
            try (Connection connection = DriverManager.getConnection(jdbc);
                    Statement statement = connection.createStatement()) {
                assertThat(statement.executeUpdate("UPDATE memdir.entries SET content = set_byte(content, 20,"
                        + " get_byte(content, 20) # 1) WHERE path = 'topics/notes.md'")).isOne();
            }
        }

        assertThat(view(sealed.memory(), "/memories/topics/notes.md")).isEqualTo("Error: the stored bytes of"
                + " /memories/topics/notes.md do not open under this memory's key: they were changed outside memdir,"
                + " or sealed for another path or memory. Nothing was changed.");
        assertThat(view(sealed.memory(), "/memories/MEMORY.md")).contains("- [notes](topics/notes.md)");
        assertThat(answers).hasSize(7);
    }

    /** {@code store copy} between a directory and the encrypted memory {@code sealed}, on the side {@code side}. */
    private JarLauncher copy(String directory, JarMemory sealed, String side, String keyOption) {
        List<String> choice = sealed.choice();
        List<String> line = new ArrayList<>(List.of("store", "copy", "--with-history",
                side.equals("--to") ? "--from" : "--to", directory, side, choice.get(1), keyOption, key.toString()));
        line.addAll(choice.subList(2, choice.size()));
        line.addAll(sealed.reach());
        return JarLauncher.plain(line.toArray(String[]::new)).env(sealed.env());
    }

    /** Writes, edits, renames and views through a real MCP client; returns every answer's text. */
    private List<String> session(JarMemory memory, List<String> extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("serve"));
        args.addAll(extra);
        McpSyncClient client = LegacySdkClient.start(memory.launcher(args.toArray(String[]::new)));
        try {
            List<String> answers = new ArrayList<>();
            answers.add(call(client, "create", Map.of("path", "/memories/notes.md", "file_text",
                    "first " + MARKER + "\nsecond line\n")));
            answers.add(call(client, "str_replace", Map.of("path", "/memories/notes.md", "old_str", MARKER,
                    "new_str", EDITED)));
            answers.add(call(client, "insert", Map.of("path", "/memories/notes.md", "insert_line", 1,
                    "insert_text", "inserted " + MARKER + "\n")));
            answers.add(call(client, "create", Map.of("path", "/memories/MEMORY.md", "file_text",
                    "- [notes](topics/notes.md)\n")));
            answers.add(call(client, "rename", Map.of("old_path", "/memories/notes.md", "new_path",
                    "/memories/topics/notes.md")));
            answers.add(call(client, "view", Map.of("path", "/memories")));
            answers.add(call(client, "view", Map.of("path", "/memories/topics/notes.md")));
            return answers;
        } finally {
            client.closeGracefully();
        }
    }

    private static String call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return LegacySdkClient.text(LegacySdkClient.call(client, tool, arguments));
    }

    private String view(JarMemory memory, String path) throws Exception {
        McpSyncClient client = LegacySdkClient.start(memory.launcher("serve", "--key-file", key.toString()));
        try {
            return call(client, "view", Map.of("path", path));
        } finally {
            client.closeGracefully();
        }
    }

    /** Returns what {@code memdir history} lists of /memories/notes.md, with the key when {@code sealed}. */
    private String history(JarMemory memory, boolean sealed) throws Exception {
        List<String> args = new ArrayList<>(List.of("history", "/memories/notes.md"));
        if (sealed) {
            args.addAll(List.of("--key-file", key.toString()));
        }
        JarRun run = JarRun.of(temp, memory.launcher(args.toArray(String[]::new)));
        assertThat(run.exit()).as(run.stderr()).isZero();
        return run.stdout();
    }

    private JarRun serve(JarMemory memory, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("serve"));
        args.addAll(List.of(extra));
        return JarRun.of(temp, memory.launcher(args.toArray(String[]::new)));
    }

    private static void assertRefused(JarRun run, String reason) {
        assertThat(run.exit()).as(run.stderr()).isEqualTo(1);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).startsWith("memdir: cannot open ").endsWith(": " + reason + "\n")
                .hasLineCount(1);
    }

    /** A fresh memory of {@code kind}, and how to read its raw store. */
    private Raw fresh(String kind, String name) throws Exception {
        return switch (kind) {
            case "directory" -> {
                Path root = temp.resolve(name + "-memory");
                yield new Raw(JarMemory.directory(root), () -> everyByteBelow(root));
            }
            case "postgres" -> {
                String url = LocalPostgres.shared().freshStoreUrl();
                yield new Raw(new JarMemory(List.of("--store", url, "--namespace", name), List.of(), Map.of()),
                        () -> withBytesDecoded(LocalPostgres.shared().dump(url)));
            }
            case "s3" -> {
                S3Location bucket = LocalS3.shared().freshBucket("memdir");
                JarMemory memory = JarMemory.bucket(bucket, LocalS3.shared()).inNamespace(name);
                yield new Raw(memory, () -> {
                    StringBuilder all = new StringBuilder();
                    for (byte[] object : LocalS3.contents(bucket)) {
                        all.append(new String(object, StandardCharsets.ISO_8859_1)).append('\n');
                    }
                    return all.toString();
                });
            }
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** Returns a dump with each bytea value ({@code \\x} and hex digits) also decoded, so its bytes can be searched. */
    private static String withBytesDecoded(String dump) {
        StringBuilder all = new StringBuilder(dump);
        Matcher hex = Pattern.compile("\\\\x([0-9a-f]+)").matcher(dump);
        while (hex.find()) {
            all.append('\n').append(new String(HexFormat.of().parseHex(hex.group(1)), StandardCharsets.ISO_8859_1));
        }
        return all.toString();
    }

    private static String everyByteBelow(Path root) throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                all.append(file).append('\n').append(new String(Files.readAllBytes(file),
                        StandardCharsets.ISO_8859_1)).append('\n');
            }
        }
        return all.toString();
    }
}
