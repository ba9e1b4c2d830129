package dev.memdir.cli;

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
        CommandLine commandLine = new CommandLine(new MemdirCommand(in, out, err));
        // Help and version are asked for by a person, so they go to stdout; errors go to stderr.
        commandLine.setOut(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true));
        commandLine.setErr(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true));
        return commandLine.execute(args);
    }
}
