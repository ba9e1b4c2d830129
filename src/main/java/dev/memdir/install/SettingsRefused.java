package dev.memdir.install;

/** Claude Code's settings file cannot be edited as it is: not JSON, or a key of memdir's holds another kind. */
public final class SettingsRefused extends Exception {

    SettingsRefused(String message) {
        super(message);
    }
}
