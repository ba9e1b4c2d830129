package dev.memdir.config;

/**
 * What memories Claude Code's hooks bring unasked.
 *
 * @param tool whether the tool {@code context} the hooks call is published ({@code --context-tool})
 * @param budgetBytes the most bytes of memories one hook adds to the model's context
 * @param remindEveryTokens how many tokens a session's context grows by between two reminders to record progress
 */
public record ContextSettings(boolean tool, int budgetBytes, long remindEveryTokens) {}
