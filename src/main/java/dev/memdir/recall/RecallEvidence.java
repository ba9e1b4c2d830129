package dev.memdir.recall;

import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What ranked one file for one query: its match; the share of the query's keyword weight it holds (0 to 1); and,
 * when the query and the file both had vectors, the similarity of meaning of its closest passage, how far that stands
 * above the similarities of texts that do not answer the query ({@link Standing}, in standard deviations, when enough
 * texts judge it), and that passage's index among the file's passages.
 */
public record RecallEvidence(RecallMatch match, double keywordShare, OptionalDouble meaning, OptionalDouble standing,
        OptionalInt passage) {}
