package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The hand-written stderr line is the one logback's pattern layout writes for the same event. */
class StderrLineEncoderTest {

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void line_isThePatternLayoutsLine(boolean withException) {
        LoggerContext context = new LoggerContext();
        PatternLayoutEncoder pattern = StderrLogging.encoder(context, StderrLogging.STDERR_PATTERN);
        StderrLineEncoder encoder = new StderrLineEncoder();
        encoder.setContext(context);
        encoder.start();
        RuntimeException cause = new IllegalStateException("inner");
        Throwable thrown = withException ? new RuntimeException("outer", cause) : null;
        for (Level level : new Level[] {Level.INFO, Level.WARN, Level.ERROR, Level.DEBUG}) {
            LoggingEvent event = new LoggingEvent("x", context.getLogger("dev.memdir.server.transport.Stdio"), level,
                    "Answered {} with \"{}\"", thrown, new Object[] {"a line", "é"});
            event.setTimeStamp(1_764_560_000_123L + level.toInt());

            assertThat(new String(encoder.encode(event), StandardCharsets.UTF_8))
                    .isEqualTo(new String(pattern.encode(event), StandardCharsets.UTF_8));
        }
    }
}
