package dev.memdir.http;

import dev.memdir.web.WebUi;
import java.io.IOException;
import java.util.Optional;

/** The last step of a server that serves the web page alone: the page under {@code /ui}, any other path sent there. */
record PageAlone(WebUi ui) implements FrontStep {

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        if (WebUi.serves(exchange.request().getRequestURI())) {
            ui.serve(exchange.request(), exchange.response(), Optional.ofNullable(exchange.body));
        } else {
            WebUi.redirectToPage(exchange.response());
        }
        return Outcome.ANSWERED;
    }
}
