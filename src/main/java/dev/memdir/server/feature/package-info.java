/**
 * memdir's own feature model, of neither protocol revision: the tools, resources, templates and prompts it offers,
 * each a definition and a handler, and the completions of template variables and prompt arguments. Plain Java, no
 * SDK types; {@code server/legacy} serves it on 2025-11-25, {@code server/modern} on 2026-07-28.
 */
package dev.memdir.server.feature;
