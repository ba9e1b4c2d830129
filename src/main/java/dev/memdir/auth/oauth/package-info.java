/**
 * memdir as an OAuth 2.1 resource server, as the MCP authorization spec asks of an HTTP server: the issuer's
 * metadata and keys, the checks of JWT access tokens (signature, issuer, audience, time, scopes), the principal a
 * token names, and the protected resource metadata (RFC 9728) the server publishes. Only the HTTP server loads it.
 */
package dev.memdir.auth.oauth;
