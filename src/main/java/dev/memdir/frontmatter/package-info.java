/**
 * YAML frontmatter of memory files: finding it, stripping it, and stamping {@code modified} and
 * {@code originSessionId} into it by editing its text, so everything else stays byte for byte.
 */
package dev.memdir.frontmatter;
