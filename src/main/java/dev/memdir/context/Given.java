package dev.memdir.context;

/** A memory a session was given: its virtual path, its description, and the SHA-256 of its content then. */
record Given(String path, String description, String sha256) {}
