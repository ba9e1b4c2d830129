package dev.memdir.config;

/** A setting has a value memdir cannot use; the message names the setting, where it came from, and what is allowed. */
public final class ConfigException extends Exception {

    public ConfigException(String message) {
        super(message);
    }
}
