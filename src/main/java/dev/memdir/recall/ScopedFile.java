package dev.memdir.recall;

/**
 * A memory file whose frontmatter scopes it to parts of a project ({@code paths:}): its virtual path, description,
 * the SHA-256 of its content, and {@code paths} as YAML gave it (a list of globs or one comma-separated string).
 */
public record ScopedFile(String path, String description, String sha256, Object paths) {}
