/**
 * {@code memdir serve --http}: Streamable HTTP on embedded Jetty, both protocol revisions on {@code /mcp}, the
 * health check, TLS from PEM files, graceful stop and the HTTP hygiene (Host and Origin, body size, rate, access
 * log). Only the serve command loads this package, and with it Jetty and the servlet API.
 */
package dev.memdir.http;
