/**
 * Opens what the settings choose: the memory store ({@code StoreChoice}: the directory under the root, or with
 * {@code --store} a namespace of a PostgreSQL database or of an S3 bucket), the stores of many namespaces sharing one
 * database ({@code SharedDatabase}), the bearer tokens kept with the memory ({@code TokenChoice}), the key of
 * {@code --key-file} ({@code KeyChoice}) and a database's or a bucket's figures ({@code StoreFigures}). The one
 * package that names every store, so that {@code config/} stays settings only and nothing of PostgreSQL or S3 loads
 * unless {@code --store} is given.
 */
package dev.memdir.wiring;
