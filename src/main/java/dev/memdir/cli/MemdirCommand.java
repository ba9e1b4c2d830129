package dev.memdir.cli;

import dev.memdir.config.ConfigException;
import dev.memdir.config.Settings;
import dev.memdir.config.SettingsResolver;
import dev.memdir.server.MemdirServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code memdir}: with no subcommand it serves, exactly as {@code memdir serve}. */
@Command(name = "memdir", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "An MCP server over stdio: a safe /memories directory for agents.",
        footer = {"", "Run with no command to serve MCP on stdin/stdout (the same as 'memdir serve')."})
final class MemdirCommand implements Callable<Integer> {

    static final int STARTUP_FAILED = 1;
    static final int USAGE = 2;

    @Mixin
    ServeOptions options;

    private final InputStream protocolIn;
    private final OutputStream protocolOut;
    private final PrintStream err;

    MemdirCommand(InputStream protocolIn, OutputStream protocolOut, PrintStream err) {
        this.protocolIn = protocolIn;
        this.protocolOut = protocolOut;
        this.err = err;
    }

    @Override
    public Integer call() {
        return serve(options.given(), options.configFile());
    }

    /** Options given before {@code serve} count too; those after it win. */
    @Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Serve MCP over stdio (the default command).")
    int serveCommand(@Mixin ServeOptions serveOptions) {
        Map<String, String> flags = new HashMap<>(options.given());
        flags.putAll(serveOptions.given());
        return serve(flags, serveOptions.configFile().or(options::configFile));
    }

    private int serve(Map<String, String> flags, Optional<String> configFile) {
        Settings settings;
        try {
            settings = SettingsResolver.forThisProcess().resolve(flags, configFile);
        } catch (ConfigException e) {
            err.println("memdir: " + e.getMessage());
            return USAGE;
        }
        LoggingSetup.apply(settings.logLevel(), settings.logFile());
        try {
            MemdirServer.serve(settings, Version.current(), protocolIn, protocolOut);
            return 0;
        } catch (AccessDeniedException e) {
            err.println("memdir: the memory root " + settings.root() + " is not writable (permission denied);"
                    + " choose another with --root");
        } catch (FileSystemException e) {
            err.println("memdir: cannot open the memory root " + settings.root() + ": " + e.getReason()
                    + "; choose another with --root");
        } catch (IOException e) {
            err.println("memdir: cannot open the memory root " + settings.root() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return STARTUP_FAILED;
    }
}
