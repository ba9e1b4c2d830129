package dev.memdir.cli;

import ch.qos.logback.classic.pattern.TargetLengthBasedClassNameAbbreviator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.encoder.EncoderBase;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;

/**
 * Writes a stderr log line as the pattern {@code %d{HH:mm:ss.SSS} %-5level %logger{24} - %msg%n} (then any
 * exception) would, by hand: building logback's pattern layout (its parser, a hundred converters and a date
 * formatter) was a third of the time before the first answer, and the time zone is only read at the first line.
 */
final class StderrLineEncoder extends EncoderBase<ILoggingEvent> {

    private final TargetLengthBasedClassNameAbbreviator abbreviator = new TargetLengthBasedClassNameAbbreviator(24);
    private ZoneId zone;

    @Override
    public byte[] headerBytes() {
        return null;
    }

    @Override
    public synchronized byte[] encode(ILoggingEvent event) {
        if (zone == null) {
            zone = ZoneId.systemDefault();
        }
        LocalTime time = LocalTime.ofInstant(Instant.ofEpochMilli(event.getTimeStamp()), zone);
        StringBuilder line = new StringBuilder(128);
        twoDigits(line, time.getHour()).append(':');
        twoDigits(line, time.getMinute()).append(':');
        twoDigits(line, time.getSecond()).append('.');
        int millis = time.getNano() / 1_000_000;
        line.append((char) ('0' + millis / 100)).append((char) ('0' + millis / 10 % 10))
                .append((char) ('0' + millis % 10)).append(' ');
        String level = event.getLevel().toString();
        line.append(level).append(" ".repeat(Math.max(0, 5 - level.length()))).append(' ');
        line.append(abbreviator.abbreviate(event.getLoggerName())).append(" - ").append(event.getFormattedMessage())
                .append(CoreConstants.LINE_SEPARATOR);
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown != null) {
            line.append(ThrowableProxyUtil.asString(thrown));
        }
        return line.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public byte[] footerBytes() {
        return null;
    }

    private static StringBuilder twoDigits(StringBuilder line, int value) {
        return line.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }
}
