/**
 * memdir set up in a client that a user runs: Claude Code's user settings, which get memdir's hooks, the rule that
 * hides the tool they call from the model, and Claude Code's own auto memory turned off; merged into what the file
 * holds and taken out again byte for byte ({@code memdir config claude-code --install}, {@code --uninstall}).
 */
package dev.memdir.install;
