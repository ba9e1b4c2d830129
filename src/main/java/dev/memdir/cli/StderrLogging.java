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
     * Sets memdir's log level. At info and warn the connection pool of the database store says only errors: its start
     * and stop lines would be all a session prints, a failed start must be the one line that says why, and a database
     * that stops is the one line its listening connection writes (the pool would add a stack trace for each broken
     * connection and a line for each dead idle one, while every call already answers that the store is unavailable).
     */
    static void setLevel(LoggerContext context, Level level) {
        context.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(level);
        boolean quietPool = level == Level.INFO || level == Level.WARN;
        context.getLogger("com.zaxxer.hikari").setLevel(quietPool ? Level.ERROR : null);
    }

    static PatternLayoutEncoder encoder(LoggerContext context, String pattern) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(pattern);
        encoder.start();
        return encoder;
    }
}
