package dev.memdir.cli;

import java.util.Optional;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine;

/**
 * Answers a command line that does not parse: a word that a {@link UsageLine} command or its subcommand does not
 * take with that command's usage line, anything else as picocli does (its message, then the usage help).
 */
final class UsageErrors implements IParameterExceptionHandler {

    private final IParameterExceptionHandler picocli;

    UsageErrors(IParameterExceptionHandler picocli) {
        this.picocli = picocli;
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) throws Exception {
        Optional<UsageLine> command = ex instanceof UnmatchedArgumentException unmatched && !unmatched.isUnknownOption()
                ? usageLineOf(ex.getCommandLine()) : Optional.empty();
        if (command.isEmpty()) {
            return picocli.handleParseException(ex, args);
        }
        ex.getCommandLine().getErr().println(command.get().usageLine());
        return ExitCode.USAGE.code();
    }

    private static Optional<UsageLine> usageLineOf(CommandLine line) {
        for (CommandLine at = line; at != null; at = at.getParent()) {
            if (at.getCommand() instanceof UsageLine command) {
                return Optional.of(command);
            }
        }
        return Optional.empty();
    }
}
