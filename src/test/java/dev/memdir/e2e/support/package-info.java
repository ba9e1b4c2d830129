/**
 * How the end-to-end tests reach the real jar, which they start as a child process: one launcher and three drivers.
 *
 * <ul>
 *   <li>{@link dev.memdir.e2e.support.JarLauncher}: the launch line (plain, the build's recommended one, or one that
 *       wraps it), its environment and streams; {@link dev.memdir.e2e.support.JarRun} runs it as a command to its
 *       exit, {@link dev.memdir.e2e.support.ServingJar} as {@code serve --http}, and
 *       {@link dev.memdir.e2e.support.TokenStore} makes tokens on a fresh store and serves it.
 *   <li>Raw lines over stdio: {@link dev.memdir.e2e.support.LineSession}, with
 *       {@link dev.memdir.e2e.support.ModernRequest} to write a 2026-07-28 request as a line.
 *   <li>The MCP Java SDK's client: {@link dev.memdir.e2e.support.LegacySdkClient} (2025-11-25) and
 *       {@link dev.memdir.e2e.support.ModernSdkClient} (2026-07-28), which both answer
 *       {@link dev.memdir.e2e.support.McpCalls}; {@link dev.memdir.e2e.support.ReplyRecorder} keeps what came off the
 *       wire, {@link dev.memdir.e2e.support.SubscriptionEvents} the events of a listen.
 *   <li>HTTP: {@link dev.memdir.e2e.support.McpHttp}, requests to {@code /mcp} built by hand as one principal;
 *       {@link dev.memdir.e2e.support.PlainHttp} any other request (a health check, a preflight, a body of one's
 *       own) with its status, headers and body; {@link dev.memdir.e2e.support.HttpAnswer} reads a JSON or SSE
 *       answer, {@link dev.memdir.e2e.support.OpenStream}
 *       a stream as it comes, and {@link dev.memdir.e2e.support.RawHttp} speaks HTTP/1.1 over a socket for what
 *       java.net.http will not send.
 * </ul>
 *
 * {@link dev.memdir.e2e.support.ProcessFigures} reads what Linux says of a running server.
 */
package dev.memdir.e2e.support;
