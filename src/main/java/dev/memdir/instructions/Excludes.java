package dev.memdir.instructions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code claudeMdExcludes}: globs over absolute paths ({@code /} separators, dot files included). */
final class Excludes {

    private final List<Glob> globs;

    private Excludes(List<Glob> globs) {
        this.globs = globs;
    }

    /** Compiles the patterns; one that cannot be parsed excludes nothing. */
    static Excludes of(List<String> patterns) {
        List<Glob> globs = new ArrayList<>();
        for (String pattern : patterns) {
            try {
                for (String expanded : Braces.expand(pattern, RulePaths.EXPANSION_BUDGET)) {
                    globs.add(Glob.compile(expanded));
                }
            } catch (InvalidGlobException ignored) {
                // an invalid pattern matches nothing, as in Claude Code
            }
        }
        return new Excludes(globs);
    }

    boolean excludes(Path path) {
        String slashed = path.toString().replace('\\', '/');
        for (Glob glob : globs) {
            if (glob.matches(slashed)) {
                return true;
            }
        }
        return false;
    }
}
