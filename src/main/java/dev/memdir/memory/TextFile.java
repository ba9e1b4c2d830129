package dev.memdir.memory;

/** A regular memory file read as text for an edit, and where it lives. */
record TextFile(Located located, String content) {}
