package dev.memdir.instructions;

import java.nio.file.Path;

/**
 * A rule file and what its {@code paths:} are relative to: the directory holding the {@code .claude} folder for
 * project rules, the project directory for user and managed rules.
 */
record RuleSource(Path file, Path base, String label, boolean trusted, boolean managed) {}
