/**
 * Encryption at rest on Google Tink: the key-encryption key read from a key file, each namespace's data key wrapped
 * by it, and the seal of contents under a data key. The only package that names Tink, and only the wiring names
 * it, so nothing of Tink loads unless a key is given.
 */
package dev.memdir.memory.seal;
