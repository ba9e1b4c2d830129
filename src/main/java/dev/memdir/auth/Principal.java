package dev.memdir.auth;

/**
 * Who an HTTP request acts for: a token's user or a JWT's subject, the one memory namespace it may reach, and
 * whether it may only view. The namespace is the boundary: nothing a principal sends reaches another namespace.
 */
public record Principal(String name, String namespace, boolean readOnly) {

    public Principal {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a principal needs a name");
        }
        if (namespace == null || namespace.isBlank()) {
            throw new IllegalArgumentException("a principal needs a namespace");
        }
    }
}
