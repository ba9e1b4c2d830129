package dev.memdir.instructions;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Where instruction files are looked for. Every location is given, never read from the environment
 * here, so that tests point them all at temp directories.
 *
 * @param projectDirectory the project the instructions are for
 * @param home the user's home directory ({@code @~/} imports, {@code ~/.claude.json})
 * @param claudeConfigDirectory Claude Code's configuration directory ({@code ~/.claude} by default)
 * @param managedDirectory the managed-policy directory ({@code /etc/claude-code} on Linux)
 * @param agentsMd whether an {@code AGENTS.md} is read where a directory has no {@code CLAUDE.md}
 * @param allowExternalImports whether project files may import files outside the project without approval
 */
public record InstructionLocations(Path projectDirectory, Path home, Path claudeConfigDirectory, Path managedDirectory,
        boolean agentsMd, boolean allowExternalImports) {

    public InstructionLocations {
        projectDirectory = projectDirectory.toAbsolutePath().normalize();
        home = home.toAbsolutePath().normalize();
        claudeConfigDirectory = claudeConfigDirectory.toAbsolutePath().normalize();
        managedDirectory = managedDirectory.toAbsolutePath().normalize();
    }

    /** Returns a copy for another project directory. */
    public InstructionLocations withProject(Path project) {
        return new InstructionLocations(project, home, claudeConfigDirectory, managedDirectory, agentsMd,
                allowExternalImports);
    }

    /** Returns the managed-policy directory Claude Code uses on this operating system. */
    public static Path defaultManagedDirectory() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return Path.of("/Library/Application Support/ClaudeCode");
        }
        if (os.contains("win")) {
            return Path.of("C:\\Program Files\\ClaudeCode");
        }
        return Path.of("/etc/claude-code");
    }
}
