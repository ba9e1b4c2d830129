package dev.memdir.cli;

import dev.memdir.auth.Principal;
import dev.memdir.config.Setting.Group;
import dev.memdir.config.Settings;
import dev.memdir.desk.MemoryDesk;
import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.http.LocalPageServer;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.recall.Recall;
import dev.memdir.web.DeskSource;
import dev.memdir.web.WebLogin;
import dev.memdir.web.WebUi;
import dev.memdir.wiring.RecallModel;
import dev.memdir.wiring.StoreChoice;
import dev.memdir.wiring.StoreUnavailableException;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import sun.misc.Signal;

/**
 * {@code memdir ui}: the web page over the memory the settings choose, on 127.0.0.1, for the person at this machine.
 * It prints an address holding a one-time secret, which the first browser to open it trades for a session.
 */
@Command(name = "ui", mixinStandardHelpOptions = true, versionProvider = Version.class, abbreviateSynopsis = true,
        description = {"Open the memory in a web browser, on this machine only.", "Prints an address with a one-time"
                + " secret: open it to log in. Ends with Ctrl-C."})
final class UiCommand extends SettingsCommand {

    /** Who the page's changes are recorded as, unless --session-id names someone. */
    static final String ACTOR = "memdir-ui";

    @Option(names = "--port", paramLabel = "N", description = "The port on 127.0.0.1 (default: any free one).")
    int port;

    UiCommand(MemdirCommand memdir) {
        super(memdir, SettingOptions.of(Group.MEMORY, Group.STORE, Group.TOOLS, Group.FILES, Group.INDEX,
                Group.LOGGING, Group.SETTINGS_FILE));
    }

    @Override
    Optional<String> misuse() {
        return port < 0 || port > 65_535 ? Optional.of("--port must be between 0 and 65535, not " + port)
                : Optional.empty();
    }

    @Override
    ExitCode run(Settings settings, Invocation invocation) {
        PrintStream err = invocation.err();
        LoggingSetup.apply(settings.logLevel(), settings.logFile());
        LoggingSetup.quietJetty(settings.logLevel());
        String actor = settings.sessionId().orElse(ACTOR);
        try (MemoryStore store = StoreChoice.open(settings, actor)) {
            Recall recall = Recall.toldOfChanges(store, RecallModel.of(settings.recall()));
            MemoryTool tool = new MemoryTool(store, new FrontmatterStamper(Clock.systemUTC(), actor),
                    settings.readOnly(), settings.indexBudget());
            try (Closeable followed = store.changes().listen(recall::changed);
                    MemoryDesk desk = new MemoryDesk(store, tool, recall, settings.indexBudget(),
                            settings.staleAfter(), settings.readOnly(), Clock.systemUTC())) {
                return serve(settings, desk, err);
            }
        } catch (StoreUnavailableException e) {
            err.println("memdir: " + e.getMessage());
        } catch (IOException e) {
            err.println("memdir: cannot open " + settings.memoryName() + ": " + e.getMessage());
        }
        return ExitCode.FAILED;
    }

    private ExitCode serve(Settings settings, MemoryDesk desk, PrintStream err) {
        String secret = newSecret();
        LocalPageServer server;
        try {
            server = LocalPageServer.start(WebLogin.once(secret, new Principal("local", "local", settings.readOnly())),
                    principal -> Optional.of(DeskSource.Hold.of(desk, () -> { })),
                    3 * settings.limits().maxFileBytes() + 64 * 1024, port);
        } catch (Exception e) {
            err.println("memdir: cannot listen on 127.0.0.1:" + port + ": " + e.getMessage());
            return ExitCode.FAILED;
        }
        desk.warm();
        err.println("memdir: web page at http://127.0.0.1:" + server.port() + WebUi.PREFIX + "/login?secret="
                + secret);
        CountDownLatch stopped = new CountDownLatch(1);
        Signal.handle(new Signal("TERM"), signal -> stopped.countDown());
        Signal.handle(new Signal("INT"), signal -> stopped.countDown());
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            server.close();
        } catch (Exception e) {
            err.println("memdir: the web page did not stop cleanly: " + e.getMessage());
        }
        return ExitCode.OK;
    }

    private static String newSecret() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
