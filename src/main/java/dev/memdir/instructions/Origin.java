package dev.memdir.instructions;

import java.nio.file.Path;
import java.util.List;

/** Why a file is a candidate beyond its place in the walk: who imported it, or which paths a rule is for. */
public sealed interface Origin permits Origin.None, Origin.ImportedBy, Origin.Paths {

    /** Found by the walk itself. */
    record None() implements Origin {}

    /** Imported by {@code importer} on {@code line}. */
    record ImportedBy(Path importer, int line) implements Origin {}

    /** A rule for the files its {@code paths:} globs match; {@code invalid} are the patterns that could not be parsed. */
    record Paths(List<String> globs, List<String> invalid) implements Origin {

        public Paths {
            globs = List.copyOf(globs);
            invalid = List.copyOf(invalid);
        }
    }
}
