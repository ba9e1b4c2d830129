package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.status.ErrorStatus;
import ch.qos.logback.core.status.InfoStatus;
import ch.qos.logback.core.status.WarnStatus;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StderrStatusListenerTest {

    @Test
    void warningsAndErrors_beforeAndAfterInstalling_goToStderr_infoDoesNot() {
        LoggerContext context = new LoggerContext();
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            context.getStatusManager().add(new WarnStatus("early warning", this));
            context.getStatusManager().add(new InfoStatus("early info", this));
            StderrStatusListener.install(context);
            context.getStatusManager().add(new ErrorStatus("cannot open the log file", this));
            context.getStatusManager().add(new InfoStatus("later info", this));
        } finally {
            System.setErr(stderr);
        }

        assertThat(captured.toString(StandardCharsets.UTF_8)).contains("early warning", "cannot open the log file")
                .doesNotContain("info");
    }
}
