package dev.memdir.cli;

import java.util.Optional;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine;

/**
 * Answers a command line that does not parse. At a command of memdir, an option it does not take is answered with a
 * line naming the option, then where to read what it takes: the usage line of a {@link UsageLine} command (which also
 * answers a word it does not take), else its {@code --help}. Anything else as picocli does (its message, then the
 * usage help).
 */
final class UsageErrors implements IParameterExceptionHandler {

    private final IParameterExceptionHandler picocli;

    UsageErrors(IParameterExceptionHandler picocli) {
        this.picocli = picocli;
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) throws Exception {
        CommandLine at = ex.getCommandLine();
        Optional<UsageLine> usageLine = usageLineOf(at);
        Optional<String> fault = at.getParent() == null ? Optional.empty() : fault(ex, at, usageLine);
        if (fault.isEmpty()) {
            return picocli.handleParseException(ex, args);
        }
        at.getErr().println("memdir: " + fault.get());
        at.getErr().println(usageLine.map(UsageLine::usageLine).orElse("memdir: '"
                + at.getCommandSpec().qualifiedName() + " --help' lists the options it takes"));
        return ExitCode.USAGE.code();
    }

    /** Returns what is wrong, where memdir says it in its own words. */
    private static Optional<String> fault(ParameterException ex, CommandLine at, Optional<UsageLine> usageLine) {
        boolean hasUsageLine = usageLine.isPresent();
        if (ex instanceof SettingNotTaken) {
            return Optional.of(ex.getMessage());
        }
        if (!(ex instanceof UnmatchedArgumentException unmatched) || !(unmatched.isUnknownOption() || hasUsageLine)) {
            return Optional.empty();
        }
        String word = unmatched.getUnmatched().get(0);
        String name = "'" + at.getCommandSpec().qualifiedName() + "'";
        if (!unmatched.isUnknownOption() && !at.getSubcommands().isEmpty()) {
            return Optional.of(name + " has no command '" + word + "'");
        }
        String option = word.split("=", 2)[0];
        Optional<String> sibling = at.getParent().getCommand() instanceof UsageLine && unmatched.isUnknownOption()
                ? sibling(at, option) : Optional.empty();
        return Optional.of(sibling.map(command -> usageLine.orElseThrow().takenElsewhere(option, command))
                .orElse(name + " does not take '" + word + "'"));
    }

    /** Returns the command beside {@code at}, under a {@link UsageLine} one, that takes {@code option}. */
    private static Optional<String> sibling(CommandLine at, String option) {
        CommandLine parent = at.getParent();
        return parent.getSubcommands().values().stream()
                .filter(command -> command != at && command.getCommandSpec().findOption(option) != null)
                .map(command -> parent.getCommandName() + " " + command.getCommandName()).findFirst();
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
