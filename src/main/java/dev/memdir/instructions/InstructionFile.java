package dev.memdir.instructions;

import java.nio.file.Path;
import java.util.Optional;

/**
 * One candidate instruction file and what became of it.
 *
 * @param path the absolute path, as found (not resolved through links)
 * @param scope where it comes from
 * @param label how the text output names its scope
 * @param origin who imported it, or which paths a rule is for
 * @param outsideProject whether it lies outside the project directory
 * @param rawBytes its size on disk (0 when missing)
 * @param content what it contributes (frontmatter and block comments removed); empty when it does not
 * @param skipped why it contributes nothing, if it does not
 */
public record InstructionFile(Path path, Scope scope, String label, Origin origin, boolean outsideProject,
        long rawBytes, String content, Optional<SkipReason> skipped) {

    /** Returns whether the file is part of the instructions; computed from {@link #skipped()}, never assumed. */
    public boolean contributes() {
        return skipped.isEmpty();
    }
}
