/**
 * What a person does to a memory, for the web page: browse it, read a file, edit one without losing an agent's
 * write, follow its history as diffs, restore or redact a version, watch the index against its budget, search it
 * and prune what went stale. The core rooms below do the work, through the same commands, locks and limits as the
 * memory tool; nothing here knows HTTP or MCP.
 */
package dev.memdir.desk;
