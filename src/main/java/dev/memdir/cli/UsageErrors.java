package dev.memdir.cli;

import java.util.Optional;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine;

/**
 * Answers a command line that does not parse: a word that a {@link UsageLine} command or its subcommand does not
 * take with a line naming the word, then that command's usage line; anything else as picocli does (its message,
 * then the usage help).
 */
final class UsageErrors implements IParameterExceptionHandler {

    private final IParameterExceptionHandler picocli;

    UsageErrors(IParameterExceptionHandler picocli) {
        this.picocli = picocli;
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) throws Exception {
        if (!(ex instanceof UnmatchedArgumentException unmatched) || unmatched.isUnknownOption()) {
            return picocli.handleParseException(ex, args);
        }
        Optional<UsageLine> command = usageLineOf(ex.getCommandLine());
        if (command.isEmpty()) {
            return picocli.handleParseException(ex, args);
        }
        CommandLine at = ex.getCommandLine();
        String word = unmatched.getUnmatched().get(0);
        String name = "'" + at.getCommandSpec().qualifiedName() + "'";
        at.getErr().println("memdir: " + (at.getSubcommands().isEmpty() ? name + " does not take '" + word + "'"
                : name + " has no command '" + word + "'"));
        at.getErr().println(command.get().usageLine());
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
