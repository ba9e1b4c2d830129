package dev.memdir.server.feature;

import java.util.function.Supplier;

/**
 * What a server says of itself: its name and version, and its instructions, both as they were when it started (the
 * text a 2025-11-25 session on stdio gets) and as they are now (the index in them changes as the memory does).
 */
public record ServerInfo(String name, String version, String instructions, Supplier<String> currentInstructions) {}
