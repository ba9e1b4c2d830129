/**
 * Who may use memdir over HTTP: principals, bearer tokens kept as hashes in the store, and OAuth 2.1 access
 * tokens (JWTs) verified against an issuer's keys. Nothing here knows HTTP beyond the Authorization header.
 */
package dev.memdir.auth;
