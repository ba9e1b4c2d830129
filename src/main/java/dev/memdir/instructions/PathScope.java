package dev.memdir.instructions;

import java.util.List;

/**
 * A {@code paths:} frontmatter value read as a rule's is ({@link RulePaths}), for any file that scopes itself to parts
 * of a project: a memory as well as a rule.
 */
public final class PathScope {

    private final RulePaths paths;

    private PathScope(RulePaths paths) {
        this.paths = paths;
    }

    /** Reads the value snakeyaml loaded for {@code paths}: a list of globs, or one comma-separated string. */
    public static PathScope parse(Object yamlValue) {
        return new PathScope(RulePaths.parse(yamlValue));
    }

    /** Whether a valid glob matches {@code relativePath} (to the project, {@code /} separators), or it is **. */
    public boolean matches(String relativePath) {
        return paths.unconditional() || paths.matches(relativePath);
    }

    /** The patterns that could not be parsed, which match nothing. */
    public List<String> invalidPatterns() {
        return paths.invalid().stream().map(InvalidGlobException::pattern).toList();
    }
}
