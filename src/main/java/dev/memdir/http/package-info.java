/**
 * {@code memdir serve --http}: Streamable HTTP on embedded Jetty, both protocol revisions on {@code /mcp}, the
 * health check, TLS from PEM files, graceful stop and the HTTP hygiene (Host and Origin, rate, what a request may
 * cost: body size, bytes in flight, parse limits, slow bodies, connections per address; access log). The same front
 * serves {@code memdir ui}'s web page alone on the loopback ({@link dev.memdir.http.LocalPageServer}). Only those two
 * commands load this package, and with it Jetty and the servlet API.
 */
package dev.memdir.http;
