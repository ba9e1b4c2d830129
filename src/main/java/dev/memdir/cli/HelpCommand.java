package dev.memdir.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code memdir help [COMMAND [SUBCOMMAND]]}: the help {@code --help} prints, of memdir or of one command. */
@Command(name = "help", helpCommand = true, description = "Print the help of memdir or of one of its commands.")
final class HelpCommand implements Callable<Integer> {

    @Parameters(paramLabel = "COMMAND", arity = "0..2", description = "A command, and one of its own: token create.")
    List<String> names = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine line = spec.commandLine().getParent();
        for (String name : names) {
            CommandLine command = line.getSubcommands().get(name);
            if (command == null) {
                line.getErr().println("memdir: '" + line.getCommandSpec().qualifiedName() + "' has no command '" + name
                        + "'");
                return ExitCode.USAGE.code();
            }
            line = command;
        }
        line.usage(line.getOut());
        return ExitCode.OK.code();
    }
}
