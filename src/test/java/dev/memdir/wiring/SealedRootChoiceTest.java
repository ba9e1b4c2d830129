package dev.memdir.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.config.Settings;
import dev.memdir.config.SettingsResolver;
import dev.memdir.memory.TestKeys;
import dev.memdir.memory.render.KeyMessages;
import dev.memdir.memory.seal.TinkKeys;
import dev.memdir.memory.store.MemoryStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How StoreChoice opens a directory root with {@code --key-file}, and refuses one in one line that the command line
 * prints after {@code memdir: } (as {@code ServeCommand} does every {@link StoreUnavailableException}).
 */
class SealedRootChoiceTest {

    @TempDir
    Path temp;

    private Settings settings(Path root, Optional<Path> keyFile) throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        Map<String, String> options = new HashMap<>(Map.of("root", root.toString(),
                "project", Files.createDirectories(temp.resolve("project")).toString()));
        keyFile.ifPresent(file -> options.put("key-file", file.toString()));
        return new SettingsResolver(Map.of("MEMDIR_HOME", home.resolve(".memdir").toString()), home, temp)
                .resolve(options);
    }

    @Test
    void aRootOpenedWithAKeyFile_isSealed_andRefusesTheWrongStarts() throws Exception {
        Path root = temp.resolve("memories");
        Path keyFile = TestKeys.newKeyFile();
        try (MemoryStore store = StoreChoice.open(settings(root, Optional.of(keyFile)), "ann")) {
            assertThat(store.directory()).isEmpty();
        }

        assertRefused(settings(root, Optional.empty()), root, KeyMessages.encryptedWithoutKey());
        Path another = TestKeys.newKeyFile();
        assertRefused(settings(root, Optional.of(another)), root,
                KeyMessages.wrongKey(TinkKeys.load(another).source()));

        Path plain = temp.resolve("plain");
        Files.createDirectories(plain);
        Files.writeString(plain.resolve("notes.md"), "plain\n");
        assertRefused(settings(plain, Optional.of(keyFile)), plain, KeyMessages.plainWithKey());
    }

    private static void assertRefused(Settings settings, Path root, String reason) {
        assertThatThrownBy(() -> StoreChoice.open(settings, "ann").close())
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessage("cannot open the memory root " + settings.root() + ": " + reason);
        assertThat(settings.root()).isEqualTo(root);
    }
}
