package dev.memdir.instructions;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A resolution: every candidate file in load order, what each contributes, and what was looked at to
 * find them (so a cache knows when to resolve again).
 */
public record Instructions(List<InstructionFile> files, Consulted consulted) {

    public Instructions {
        files = List.copyOf(files);
    }

    /** Returns the instructions as a client injects them: each contributing file under its heading. */
    public String text() {
        return files.stream()
                .filter(InstructionFile::contributes)
                .map(file -> "Contents of " + file.path() + " (" + file.label() + "):\n\n" + file.content())
                .collect(Collectors.joining("\n\n"));
    }
}
