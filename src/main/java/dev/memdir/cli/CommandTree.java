package dev.memdir.cli;

import java.util.Arrays;
import java.util.Set;
import picocli.CommandLine;

/**
 * The command line for a given list of arguments. Reflecting over the subcommands took about a third of
 * picocli's share of every start, and the start that matters (serving, maybe with options) never uses them,
 * so they are added only when an argument names one, asks for help, or does not parse without them; the
 * answer to any argument list is the same either way.
 */
final class CommandTree {

    private static final Set<String> NEED_SUBCOMMANDS =
            Set.of("serve", "index", "instructions", "history", "restore", "prune", "store", "token", "ui", "config",
                    "help", "-h", "--help");

    private CommandTree() {}

    /** Returns the tree for {@code args}: the top command alone when that is enough. */
    static CommandLine forArgs(MemdirCommand command, String[] args) {
        CommandLine top = new CommandLine(command);
        if (Arrays.stream(args).anyMatch(NEED_SUBCOMMANDS::contains) || !parses(top, args)) {
            command.subcommands().forEach(top::addSubcommand);
        }
        exitCodes(top);
        return top;
    }

    /** Makes picocli's own answers end with memdir's exit codes, in every command of the tree. */
    private static void exitCodes(CommandLine line) {
        line.getCommandSpec().exitCodeOnInvalidInput(ExitCode.USAGE.code())
                .exitCodeOnExecutionException(ExitCode.FAILED.code());
        line.getSubcommands().values().forEach(CommandTree::exitCodes);
    }

    private static boolean parses(CommandLine top, String[] args) {
        try {
            top.parseArgs(args);
            return true;
        } catch (CommandLine.ParameterException e) {
            return false;
        }
    }
}
