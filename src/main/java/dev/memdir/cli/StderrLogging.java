package dev.memdir.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * Logback's configuration, made in code rather than read from logback.xml: parsing XML cost about a tenth of a
 * second of every start. Every log line goes to stderr (stdout carries the protocol). A
 * {@code -Dlogback.configurationFile} given by the user still wins.
 */
public final class StderrLogging extends ContextAwareBase implements Configurator {

    /** What each stderr line looks like; {@link StderrLineEncoder} writes it without logback's pattern layout. */
    static final String STDERR_PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger{24} - %msg%n";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        StderrStatusListener.install(context);
        ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
        appender.setContext(context);
        appender.setName("STDERR");
        appender.setTarget("System.err");
        StderrLineEncoder encoder = new StderrLineEncoder();
        encoder.setContext(context);
        encoder.start();
        appender.setEncoder(encoder);
        appender.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(appender);
        setLevel(context, Level.INFO);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /**
     * Sets memdir's log level. At info the connection pool of the database store says only warnings: its start and
     * stop lines would be all a session prints, and a failed start must be the one line that says why.
     */
    static void setLevel(LoggerContext context, Level level) {
        context.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(level);
        context.getLogger("com.zaxxer.hikari").setLevel(level == Level.INFO ? Level.WARN : null);
    }

    static PatternLayoutEncoder encoder(LoggerContext context, String pattern) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(pattern);
        encoder.start();
        return encoder;
    }
}
