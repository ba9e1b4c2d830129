package dev.memdir.cli;

import dev.memdir.server.WarmUp;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;
import java.nio.file.Path;
import java.util.Optional;

/** Applies {@code --log-level} and {@code --log-file} on top of {@link StderrLogging}. */
final class LoggingSetup {

    private LoggingSetup() {}

    static void apply(String level, Optional<Path> file) {
        LoggerContext context = (LoggerContext) WarmUp.loggerFactory();
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        StderrLogging.setLevel(context, Level.toLevel(level, Level.INFO));
        file.ifPresent(path -> root.addAppender(fileAppender(context, path)));
        quietTokenizer(context, Level.toLevel(level, Level.INFO));
    }

    /**
     * The embedding model's tokenizer (DJL) warns, as it loads, that it found no GPU and that it cuts texts at the
     * model's length; recall runs on the CPU and cuts passages itself, so those lines show only at debug.
     */
    private static void quietTokenizer(LoggerContext context, Level chosen) {
        if (chosen.isGreaterOrEqual(Level.INFO)) {
            context.getLogger("ai.djl").setLevel(chosen.isGreaterOrEqual(Level.ERROR) ? chosen : Level.ERROR);
        }
    }

    /**
     * Jetty says at info what it starts and stops; the access log and memdir's one serving line say what matters, so
     * its info lines show only when the level asks for debug.
     */
    static void quietJetty(String level) {
        Level chosen = Level.toLevel(level, Level.INFO);
        if (chosen.isGreaterOrEqual(Level.INFO)) {
            LoggerContext context = (LoggerContext) WarmUp.loggerFactory();
            Level jetty = chosen.isGreaterOrEqual(Level.WARN) ? chosen : Level.WARN;
            context.getLogger("org.eclipse.jetty").setLevel(jetty);
        }
    }

    private static FileAppender<ILoggingEvent> fileAppender(LoggerContext context, Path path) {
        FileAppender<ILoggingEvent> appender = new FileAppender<>();
        appender.setContext(context);
        appender.setName("FILE");
        appender.setFile(path.toString());
        appender.setAppend(true);
        appender.setEncoder(StderrLogging.encoder(context,
                "%d{yyyy-MM-dd'T'HH:mm:ss.SSS} [%thread] %-5level %logger{36} - %msg%n"));
        appender.start();
        return appender;
    }
}
