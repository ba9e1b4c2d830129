package dev.memdir.recall;

import java.util.List;

/**
 * What recall found for a query: the matches, best first; whether the query's own vector ranked them with the
 * keywords ({@code byMeaning}); and how many of the memory's files have no vector yet, so keywords alone rank them.
 */
public record RecallAnswer(List<RecallMatch> matches, boolean byMeaning, int withoutVectors) {}
