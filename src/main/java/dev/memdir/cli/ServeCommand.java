package dev.memdir.cli;

import dev.memdir.config.Setting.Group;
import dev.memdir.config.Settings;
import dev.memdir.http.HttpServe;
import dev.memdir.server.MemdirServer;
import dev.memdir.wiring.StoreUnavailableException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;

/** {@code memdir serve}: MCP over stdio, or with {@code --http} over Streamable HTTP, until stopped. */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = Version.class, abbreviateSynopsis = true,
        description = {"Serve MCP over stdio, or over HTTP with --http (the default).",
                "With --http [HOST:]PORT, Streamable HTTP at http://HOST:PORT/mcp."})
final class ServeCommand extends SettingsCommand {

    ServeCommand(MemdirCommand memdir) {
        super(memdir, SettingOptions.of(Group.values()));
    }

    /** Serves with the settings {@code flags} give ({@code memdir} with no command). */
    static ExitCode serve(Invocation invocation, Map<String, String> flags) {
        Optional<Settings> settings = invocation.settings(flags);
        return settings.isEmpty() ? ExitCode.USAGE : serve(settings.get(), invocation);
    }

    /** Options given before {@code serve} count too; those after it win. */
    @Override
    ExitCode run(Settings settings, Invocation invocation) {
        return serve(settings, invocation);
    }

    /** Serves until the client or a signal ends it. */
    private static ExitCode serve(Settings settings, Invocation invocation) {
        PrintStream err = invocation.err();
        LoggingSetup.apply(settings.logLevel(), settings.logFile());
        try {
            if (settings.http().address().isPresent()) {
                return serveHttp(settings, err);
            }
            MemdirServer.serve(settings, Version.current(), invocation.in(), invocation.out());
            return ExitCode.OK;
        } catch (StoreUnavailableException e) {
            err.println("memdir: " + e.getMessage());
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
        return ExitCode.FAILED;
    }

    /** In a method of its own: Jetty and the servlet API load only when HTTP is served. */
    private static ExitCode serveHttp(Settings settings, PrintStream err) throws IOException, InterruptedException {
        LoggingSetup.quietJetty(settings.logLevel());
        return HttpServe.run(settings, Version.current(), err).map(failure -> HttpStartFailures.report(failure, err))
                .orElse(ExitCode.OK);
    }
}
