package dev.memdir.instructions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.json.SharedJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The Claude Code settings that change which instruction files load. */
final class ClaudeSettings {

    private static final ObjectMapper JSON = SharedJson.mapper();

    private ClaudeSettings() {}

    /** Returns the {@code claudeMdExcludes} patterns of the managed, user, project and local settings, merged. */
    static List<String> excludePatterns(InstructionLocations locations, Consulted consulted) {
        Path project = locations.projectDirectory();
        List<String> patterns = new ArrayList<>();
        for (Path file : List.of(
                locations.managedDirectory().resolve("managed-settings.json"),
                locations.claudeConfigDirectory().resolve("settings.json"),
                project.resolve(".claude/settings.json"),
                project.resolve(".claude/settings.local.json"))) {
            consulted.add(file);
            for (JsonNode pattern : read(file).path("claudeMdExcludes")) {
                if (pattern.isTextual()) {
                    patterns.add(pattern.asText());
                }
            }
        }
        return patterns;
    }

    /** Returns whether the user approved imports from outside this project ({@code ~/.claude.json}). */
    static boolean externalImportsApproved(InstructionLocations locations, Consulted consulted) {
        Path defaultConfig = locations.home().resolve(".claude");
        Path file = locations.claudeConfigDirectory().equals(defaultConfig)
                ? locations.home().resolve(".claude.json")
                : locations.claudeConfigDirectory().resolve(".claude.json");
        consulted.add(file);
        return read(file).path("projects").path(locations.projectDirectory().toString())
                .path("hasClaudeMdExternalIncludesApproved").asBoolean(false);
    }

    /** Returns the file's JSON, or an empty object when it is missing or not JSON (Claude Code ignores it then). */
    private static JsonNode read(Path file) {
        if (!Files.isRegularFile(file)) {
            return JSON.createObjectNode();
        }
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException notJson) {
            return JSON.createObjectNode();
        }
    }
}
