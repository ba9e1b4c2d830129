package dev.memdir.config;

/**
 * How recall ranks.
 *
 * @param hybrid whether it also ranks by meaning, with vectors computed in the background ({@code --recall hybrid})
 * @param threads the most threads computing vectors at once
 */
public record RecallSettings(boolean hybrid, int threads) {}
