package dev.memdir.config;

import java.time.Duration;

/**
 * How recall ranks.
 *
 * @param hybrid whether it also ranks by meaning, with vectors computed in the background ({@code --recall hybrid})
 * @param threads the most threads computing vectors at once
 * @param patience how long a recall on a memory that keeps vectors waits for the models rather than rank by keywords
 */
public record RecallSettings(boolean hybrid, int threads, Duration patience) {}
