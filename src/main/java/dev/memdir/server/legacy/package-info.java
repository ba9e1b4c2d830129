/**
 * memdir's features on the 2025-11-25 revision: the SDK's sync server ({@code io.modelcontextprotocol.server}),
 * given memdir's definitions and handlers in the SDK's types, with sessions, roots and {@code resources/subscribe}.
 */
package dev.memdir.server.legacy;
