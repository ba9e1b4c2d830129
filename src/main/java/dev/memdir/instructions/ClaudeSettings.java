package dev.memdir.instructions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.json.SharedJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The Claude Code settings that change which instruction files load. A resolution confined to a memory reads only
 * the project's (the memory's own) settings: the managed and user ones are the host's.
 */
final class ClaudeSettings {

    private static final ObjectMapper JSON = SharedJson.mapper();

    private ClaudeSettings() {}

    /** Returns the {@code claudeMdExcludes} patterns of the managed, user, project and local settings, merged. */
    static List<String> excludePatterns(InstructionLocations locations, InstructionSource source,
            Consulted consulted) {
        Path project = locations.projectDirectory();
        List<Path> files = new ArrayList<>();
        if (source.confinement().isEmpty()) {
            files.add(locations.managedDirectory().resolve("managed-settings.json"));
            files.add(locations.claudeConfigDirectory().resolve("settings.json"));
        }
        files.add(project.resolve(".claude/settings.json"));
        files.add(project.resolve(".claude/settings.local.json"));
        List<String> patterns = new ArrayList<>();
        for (Path file : files) {
            consulted.add(file);
            for (JsonNode pattern : read(source, file).path("claudeMdExcludes")) {
                if (pattern.isTextual()) {
                    patterns.add(pattern.asText());
                }
            }
        }
        return patterns;
    }

    /**
     * Returns whether the user approved imports from outside this project ({@code ~/.claude.json}); never for a
     * resolution confined to a memory, which nothing outside it can approve.
     */
    static boolean externalImportsApproved(InstructionLocations locations, InstructionSource source,
            Consulted consulted) {
        if (source.confinement().isPresent()) {
            return false;
        }
        Path defaultConfig = locations.home().resolve(".claude");
        Path file = locations.claudeConfigDirectory().equals(defaultConfig)
                ? locations.home().resolve(".claude.json")
                : locations.claudeConfigDirectory().resolve(".claude.json");
        consulted.add(file);
        return read(source, file).path("projects").path(locations.projectDirectory().toString())
                .path("hasClaudeMdExternalIncludesApproved").asBoolean(false);
    }

    /** Returns the file's JSON, or an empty object when it is missing or not JSON (Claude Code ignores it then). */
    private static JsonNode read(InstructionSource source, Path file) {
        if (source.attributes(file).filter(found -> found.kind() == InstructionSource.Kind.FILE).isEmpty()) {
            return JSON.createObjectNode();
        }
        try {
            return JSON.readTree(source.bytes(file));
        } catch (IOException notJson) {
            return JSON.createObjectNode();
        }
    }
}
