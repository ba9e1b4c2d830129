/**
 * Opens what the settings choose: the memory store (the directory under the root, or with {@code --store} a
 * namespace of a PostgreSQL database), the stores of many namespaces sharing one database, and the bearer tokens kept
 * with the memory. The one package that names both stores, so that {@code config/} stays settings only and nothing
 * of PostgreSQL loads unless {@code --store} is given.
 */
package dev.memdir.wiring;
