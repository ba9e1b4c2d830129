package dev.memdir.config;

/** How the memory commands are published: six tools, or the API's one {@code memory} tool. */
public enum ToolLayout {
    SPLIT,
    SINGLE
}
