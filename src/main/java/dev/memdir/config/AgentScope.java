package dev.memdir.config;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where a named agent keeps its own memory, as Claude Code places a subagent's ({@code memory:} in its
 * definition): across projects ({@code user}), in the project and shared through git ({@code project}), or in
 * the project and kept out of git ({@code local}).
 */
public enum AgentScope {
    USER, PROJECT, LOCAL;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

    /**
     * The directory name of an agent: a {@code :} (as in {@code plugin:agent}) becomes {@code -}; empty when what is
     * left is not a plain name, so that no agent name can reach outside its scope's directory.
     */
    static Optional<String> directoryName(String agent) {
        String name = agent.trim().replace(':', '-');
        boolean plain = NAME.matcher(name).matches() && !name.equals(".") && !name.equals("..");
        return plain ? Optional.of(name) : Optional.empty();
    }

    /** The memory root of the agent named {@code directoryName} in this scope. */
    Path root(String directoryName, Path projectDirectory, Path claudeConfigDirectory) {
        switch (this) {
            case USER:
                return claudeConfigDirectory.resolve("agent-memory").resolve(directoryName);
            case PROJECT:
                return projectDirectory.resolve(".claude").resolve("agent-memory").resolve(directoryName);
            default:
                return projectDirectory.resolve(".claude").resolve("agent-memory-local").resolve(directoryName);
        }
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
