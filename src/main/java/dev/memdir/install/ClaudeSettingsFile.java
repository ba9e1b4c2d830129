package dev.memdir.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BooleanNode;
import dev.memdir.json.JsonSpans;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Claude Code's user settings file, into which memdir merges its part ({@link ClaudeCodeSetup}) and out of which it
 * takes it again: every other byte of the file stays as it was, an install done twice is done once, and an uninstall
 * after an install gives the file back byte for byte (or no file, when there was none). A file that is not JSON, or
 * that holds another kind of value where memdir's part goes, is refused and left untouched.
 */
public final class ClaudeSettingsFile {

    private static final String HOOKS = "hooks";
    private static final String DENY = "permissions.deny";

    private final Path file;
    private final InstallRecord.Book records;
    private final ObjectMapper json = new ObjectMapper();

    /** {@code file} is the settings file; {@code records} where memdir notes what an install found. */
    public ClaudeSettingsFile(Path file, Path records) {
        this.file = file;
        this.records = new InstallRecord.Book(records, json);
    }

    public Path file() {
        return file;
    }

    /** Refuses the file, as an install or an uninstall would, when it cannot be edited as it is. */
    public void check() throws IOException, SettingsRefused {
        Optional<String> text = read(target());
        if (text.isPresent()) {
            new SettingsText(file.toString(), text.get(), json);
        }
    }

    /** Merges {@code setup} in, in place of memdir's earlier part for the same server. */
    public void install(ClaudeCodeSetup setup) throws IOException, SettingsRefused {
        Path target = target();
        Optional<String> original = read(target);
        Optional<InstallRecord> earlier = records.of(file);
        SettingsText text = new SettingsText(file.toString(), original.orElse("{}\n"), json);
        takeOut(text, setup, earlier);
        List<String> created = new ArrayList<>(earlier.map(InstallRecord::createdKeys).orElse(List.of()));
        for (Map.Entry<String, JsonNode> hook : setup.hooks().entrySet()) {
            text.object(HOOKS, created);
            String event = HOOKS + "." + hook.getKey();
            text.array(event, created);
            text.append(event, hook.getValue());
        }
        if (!setup.hooks().isEmpty()) {
            text.object("permissions", created);
            text.array(DENY, created);
            text.append(DENY, json.getNodeFactory().textNode(setup.denyRule()));
        }
        Optional<String> autoMemoryBefore = Optional.empty();
        if (setup.turnsOffAutoMemory()) {
            Optional<JsonSpans.Value> now = text.at(ClaudeCodeSetup.AUTO_MEMORY);
            autoMemoryBefore = now.map(value -> text.text().substring(value.start(), value.end()));
            if (now.isEmpty()) {
                text.add(ClaudeCodeSetup.AUTO_MEMORY, BooleanNode.FALSE);
            } else if (!text.node(now.get()).equals(BooleanNode.FALSE)) {
                text.replace(now.get(), BooleanNode.FALSE);
            }
        }
        boolean createdFile = original.isEmpty() || earlier.map(InstallRecord::createdFile).orElse(false);
        records.put(file, new InstallRecord(createdFile, created.stream().distinct().toList(), autoMemoryBefore,
                setup.turnsOffAutoMemory()));
        write(target, text.text(), original);
    }

    /** Takes memdir's part for {@code setup}'s server out; returns whether there was any to take. */
    public boolean uninstall(ClaudeCodeSetup setup) throws IOException, SettingsRefused {
        Path target = target();
        Optional<String> original = read(target);
        Optional<InstallRecord> earlier = records.of(file);
        if (original.isEmpty()) {
            records.remove(file);
            return false;
        }
        SettingsText text = new SettingsText(file.toString(), original.get(), json);
        takeOut(text, setup, earlier);
        records.remove(file);
        if (earlier.map(InstallRecord::createdFile).orElse(false) && text.root().members().isEmpty()) {
            Files.delete(target);
            return true;
        }
        write(target, text.text(), original);
        return !text.text().equals(original.get());
    }

    /** memdir's hooks and deny rule out; then, as the record says, the keys it made and autoMemoryEnabled back. */
    private void takeOut(SettingsText text, ClaudeCodeSetup setup, Optional<InstallRecord> record)
            throws SettingsRefused {
        Optional<JsonSpans.Value> hooks = text.at(HOOKS);
        if (hooks.isPresent() && hooks.get() instanceof JsonSpans.ObjectValue events) {
            for (JsonSpans.Member event : events.members()) {
                text.removeElements(HOOKS + "." + event.key(), setup::isOurs);
            }
        }
        text.removeElements(DENY, rule -> rule.asText().equals(setup.denyRule()));
        if (record.isEmpty()) {
            return;
        }
        List<String> made = new ArrayList<>(record.get().createdKeys());
        made.sort(Comparator.comparingInt((String key) -> key.split("\\.").length).reversed());
        for (String key : made) {
            Optional<JsonSpans.Value> value = text.at(key);
            if (value.isPresent() && empty(value.get())) {
                text.remove(key);
            }
        }
        Optional<JsonSpans.Value> autoMemory = text.at(ClaudeCodeSetup.AUTO_MEMORY);
        if (record.get().autoMemoryTouched() && autoMemory.isPresent()
                && text.node(autoMemory.get()).equals(BooleanNode.FALSE)) {
            if (record.get().autoMemoryBefore().isEmpty()) {
                text.remove(ClaudeCodeSetup.AUTO_MEMORY);
            } else {
                text.replace(autoMemory.get(), parse(record.get().autoMemoryBefore().get()));
            }
        }
    }

    private JsonNode parse(String value) {
        try {
            return json.readTree(value);
        } catch (IOException notJson) {
            return BooleanNode.FALSE;
        }
    }

    private static boolean empty(JsonSpans.Value value) {
        return value instanceof JsonSpans.ObjectValue object && object.members().isEmpty()
                || value instanceof JsonSpans.ArrayValue array && array.elements().isEmpty();
    }

    /** The file written to: the one a link at the settings' path leads to (a dotfiles repository's, say). */
    private Path target() throws IOException {
        return Files.isSymbolicLink(file) ? file.toRealPath() : file;
    }

    private static Optional<String> read(Path target) throws IOException {
        return Files.isRegularFile(target) ? Optional.of(Files.readString(target, StandardCharsets.UTF_8))
                : Optional.empty();
    }

    /** Writes {@code text} whole or not at all, with the permissions the file had, unless it is what was there. */
    private static void write(Path target, String text, Optional<String> original) throws IOException {
        if (original.isPresent() && original.get().equals(text)) {
            return;
        }
        Files.createDirectories(target.getParent());
        Path temporary = Files.createTempFile(target.getParent(), ".settings-", ".json.memdir");
        try {
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            if (Files.exists(target)) {
                copyPermissions(target, temporary);
            }
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static void copyPermissions(Path from, Path to) throws IOException {
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(from);
            Files.setPosixFilePermissions(to, permissions);
        } catch (UnsupportedOperationException notPosix) {
            // the file system keeps no such permissions
        }
    }
}
