package dev.memdir.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What an install found and made in a settings file, so that an uninstall puts back exactly that: whether the file
 * was there, which of the keys memdir's part lives under it added (dotted paths, as {@code hooks.PreCompact}), and
 * what {@code autoMemoryEnabled} was (its JSON, or absent). Kept in memdir's home, one entry per settings file.
 */
record InstallRecord(boolean createdFile, List<String> createdKeys, Optional<String> autoMemoryBefore,
        boolean autoMemoryTouched) {

    InstallRecord {
        createdKeys = List.copyOf(createdKeys);
    }

    /** The records of every settings file memdir installed into, in {@code file}. */
    static final class Book {
        private final Path file;
        private final ObjectMapper json;

        Book(Path file, ObjectMapper json) {
            this.file = file;
            this.json = json;
        }

        Optional<InstallRecord> of(Path settings) throws IOException {
            JsonNode entry = all().path(settings.toString());
            if (!entry.isObject()) {
                return Optional.empty();
            }
            List<String> keys = new ArrayList<>();
            entry.path("createdKeys").forEach(key -> keys.add(key.asText()));
            JsonNode before = entry.path("autoMemoryBefore");
            return Optional.of(new InstallRecord(entry.path("createdFile").asBoolean(), keys,
                    before.isTextual() ? Optional.of(before.asText()) : Optional.empty(),
                    entry.path("autoMemoryTouched").asBoolean()));
        }

        void put(Path settings, InstallRecord record) throws IOException {
            ObjectNode all = all();
            ObjectNode entry = all.putObject(settings.toString());
            entry.put("createdFile", record.createdFile());
            ArrayNode keys = entry.putArray("createdKeys");
            record.createdKeys().forEach(keys::add);
            record.autoMemoryBefore().ifPresent(before -> entry.put("autoMemoryBefore", before));
            entry.put("autoMemoryTouched", record.autoMemoryTouched());
            write(all);
        }

        void remove(Path settings) throws IOException {
            ObjectNode all = all();
            if (all.remove(settings.toString()) != null) {
                if (all.isEmpty()) {
                    Files.deleteIfExists(file);
                } else {
                    write(all);
                }
            }
        }

        private ObjectNode all() throws IOException {
            if (!Files.isRegularFile(file)) {
                return json.createObjectNode();
            }
            JsonNode read = json.readTree(file.toFile());
            return read instanceof ObjectNode object ? object : json.createObjectNode();
        }

        private void write(ObjectNode all) throws IOException {
            Files.createDirectories(file.getParent());
            Files.writeString(file, json.writerWithDefaultPrettyPrinter().writeValueAsString(all) + "\n");
        }
    }
}
