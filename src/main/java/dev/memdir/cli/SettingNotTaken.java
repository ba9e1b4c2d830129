package dev.memdir.cli;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** A setting given before the name of a command that does not take it: {@code memdir --http 8080 index}. */
final class SettingNotTaken extends ParameterException {

    private static final long serialVersionUID = 1L;

    private SettingNotTaken(CommandLine command, String option) {
        super(command, "'" + command.getCommandSpec().qualifiedName() + "' does not take the setting '" + option
                + "' given before it");
    }

    /**
     * Returns the error of {@code option} given before {@code command}. (A factory in a class of its own, so that the
     * serving path, which never throws it, does not load its class to verify the code that could.)
     */
    static ParameterException of(CommandLine command, String option) {
        return new SettingNotTaken(command, option);
    }
}
