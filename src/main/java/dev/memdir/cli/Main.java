package dev.memdir.cli;

import dev.memdir.config.SettingsResolver;
import dev.memdir.server.WarmUp;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** The jar's entry point. */
public final class Main {

    private static final String CONVERTER_EXCLUDES = "picocli.converters.excludes";

    private Main() {}

    public static void main(String[] args) {
        // The real stdout belongs to the protocol; anything else that prints (a library, a stray
        // System.out call) is sent to stderr before it can corrupt a message.
        OutputStream protocolOut = new FileOutputStream(FileDescriptor.out);
        PrintStream stderr = System.err;
        System.setOut(stderr);
        System.exit(run(args, new FileInputStream(FileDescriptor.in), protocolOut, stderr));
    }

    static int run(String[] args, InputStream in, OutputStream out, PrintStream err) {
        return run(args, new Invocation(in, out, err, SettingsResolver.forThisProcess()));
    }

    /** Runs the command line {@code args} as {@code invocation} says; returns the exit code. */
    static int run(String[] args, Invocation invocation) {
        // Nearly every start serves; the warm-up runs beside the parsing of the command line.
        WarmUp.begin();
        // Our options are strings and booleans; picocli would otherwise load the java.sql and java.time
        // converters by reflection at every start.
        if (System.getProperty(CONVERTER_EXCLUDES) == null) {
            System.setProperty(CONVERTER_EXCLUDES, "java\\.(sql|time)\\..*");
        }
        MemdirCommand command = new MemdirCommand(invocation);
        if (args.length == 0) {
            // The usual registration: nothing to parse, so picocli's model (a tenth of a second) is not built.
            try {
                return command.serveWithDefaults();
            } catch (RuntimeException e) {
                // What picocli's handler does for a command that throws: the trace on stderr.
                e.printStackTrace(invocation.err());
                return ExitCode.FAILED.code();
            }
        }
        CommandLine commandLine = CommandTree.forArgs(command, args);
        // Help and version are asked for by a person, so they go to stdout; errors go to stderr.
        commandLine.setOut(new PrintWriter(new OutputStreamWriter(invocation.out(), StandardCharsets.UTF_8), true));
        commandLine.setErr(new PrintWriter(new OutputStreamWriter(invocation.err(), StandardCharsets.UTF_8), true));
        commandLine.setParameterExceptionHandler(new UsageErrors(commandLine.getParameterExceptionHandler()));
        return commandLine.execute(args);
    }
}
