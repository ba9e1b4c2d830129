package dev.memdir.memory.s3;

import java.util.List;
import java.util.Map;

/** An immutable full manifest: every entry and every kept version of a namespace as of one generation. */
record Base(int format, long generation, Map<String, ManifestEntry> entries, Map<String, List<KeptVersion>> versions) {}
