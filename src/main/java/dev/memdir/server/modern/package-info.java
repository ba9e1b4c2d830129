/**
 * memdir's features on the 2026-07-28 revision: the SDK's server of that revision
 * ({@code io.modelcontextprotocol.modern}), given memdir's definitions and handlers in its types, with cache hints,
 * per-request logs and {@code subscriptions/listen}. It is built on the first request of that revision.
 */
package dev.memdir.server.modern;
