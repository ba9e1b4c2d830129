package dev.memdir.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/** Applies {@code --log-level} and {@code --log-file} on top of the bundled logback.xml (stderr only). */
final class LoggingSetup {

    private LoggingSetup() {}

    static void apply(String level, Optional<Path> file) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.toLevel(level, Level.INFO));
        file.ifPresent(path -> root.addAppender(fileAppender(context, path)));
    }

    private static FileAppender<ILoggingEvent> fileAppender(LoggerContext context, Path path) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%d{yyyy-MM-dd'T'HH:mm:ss.SSS} [%thread] %-5level %logger{36} - %msg%n");
        encoder.start();
        FileAppender<ILoggingEvent> appender = new FileAppender<>();
        appender.setContext(context);
        appender.setName("FILE");
        appender.setFile(path.toString());
        appender.setAppend(true);
        appender.setEncoder(encoder);
        appender.start();
        return appender;
    }
}
