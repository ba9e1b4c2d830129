package dev.memdir.instructions;

/** An `@path` import found in Markdown: the raw path text after `@`, and the 1-based line it stands on. */
record ImportReference(String path, int line) {}
