/**
 * Memory that comes back by itself: which memories reach a model's context unasked, and when. Before a prompt, the few
 * that bear on it (recall's {@code Relevance}); when a file is read or written, those whose {@code paths:} scope
 * matches it; around a compaction, what the session had been given; each once per session, within a byte budget.
 * Knows neither MCP nor the client whose hooks ask (Claude Code's): {@code server/} adapts it.
 */
package dev.memdir.context;
