/**
 * Where the MCP Java SDK lacks something memdir needs, and what memdir does instead: every such patch is here, or
 * named here. Checked against the MCP Java SDK 2.2.0 (the pom's {@code mcp.version}; SdkGapsTest fails when the two
 * differ, so that a new SDK is checked for each gap again).
 *
 * <ol>
 *   <li>{@link dev.memdir.server.sdk.DeclaredBehaviour} (2026-07-28). The SDK's {@code server/discover} cannot
 *       declare {@code logging} (deprecated, though memdir sends {@code notifications/message} to a request that asks
 *       for a level), declares {@code listChanged: true} for any server that takes subscriptions, and carries the
 *       instructions the server was built with; and it does not refuse a log level that does not exist. memdir
 *       declares {@code logging}, {@code listChanged: false} (as initialize does), the instructions with the index as
 *       it is now, and refuses an unknown level with -32602. {@code subscriptions/listen} then agrees to no list
 *       changes ({@code server/modern/HonouredSubscriptions}).
 *   <li>{@link dev.memdir.server.sdk.CurrentInstructionsOnInitialize} (2025-11-25 over HTTP). The SDK's server takes
 *       one instructions text, when it is built; memdir starts each session with the instructions as they are when
 *       it initializes.
 *   <li>{@link dev.memdir.server.sdk.InitializeAnswer} (2025-11-25 over stdio). The SDK answers {@code initialize}
 *       only once its server is built (Reactor, every feature, Jackson learning the answer's records); memdir's
 *       transport answers from the same capabilities, server info and instructions as soon as the request is read,
 *       and logs an error should the SDK's own answer differ.
 *   <li>{@link dev.memdir.server.sdk.PrecheckedToolSchemas}. The SDK checks every tool's input schema at start-up,
 *       which loads a JSON Schema implementation (about a tenth of a second); memdir's schemas are fixed in the jar
 *       and ToolCatalogTest checks them with the SDK's own validator, so the start-up check is answered without
 *       work.
 *   <li>{@link dev.memdir.server.sdk.NoRequestState} (2026-07-28). The SDK's default request-state codec makes a
 *       random key and warns about it on every start; memdir asks for no input, so it seals no state and refuses a
 *       retry that carries some.
 *   <li>{@link dev.memdir.server.sdk.ReservedExpansionTemplates} (2025-11-25). The SDK's URI template matcher knows
 *       only {@code {name}}; memdir's matches {@code {+path}} across {@code /} and an optional {@code {?q}}.
 *   <li>{@link dev.memdir.server.sdk.WireJson} (both revisions over HTTP). The 2025-11-25 transport writes a request
 *       it refuses as the JSON of the Java exception (stack trace, class names and all), and an answer echoing a lone
 *       surrogate reaches the servlet's writer as a char it encodes as bytes that are not UTF-8; memdir writes the
 *       JSON-RPC error object, and the surrogate as its JSON escape.
 *   <li>{@link dev.memdir.server.sdk.SessionDelete} (2025-11-25 over HTTP). The SDK's transport offers no way to end
 *       a session from the server (its sessions are private to it); memdir hands it a {@code DELETE} made up for the
 *       purpose.
 *   <li>The stdio transport, {@code server/transport/StdioLineTransportProvider}, replaces the SDK's: a malformed
 *       line gets a JSON-RPC error and the session goes on, blank lines are ignored, params of the wrong shape get
 *       -32602 where the SDK would answer an internal error, a call of a tool memdir does not publish gets a -32602
 *       that names it (the SDK's names a placeholder), 2026-07-28 requests are served beside the session, and every
 *       request read is answered when input ends.
 * </ol>
 */
package dev.memdir.server.sdk;
