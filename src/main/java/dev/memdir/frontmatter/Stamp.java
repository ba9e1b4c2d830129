package dev.memdir.frontmatter;

import java.util.Objects;
import java.util.Optional;

/** The content to write and, when the frontmatter could not be read or stamped, why (the content is then unchanged). */
public record Stamp(String content, Optional<String> problem) {

    public Stamp {
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(problem, "problem");
    }
}
