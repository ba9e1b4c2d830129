package dev.memdir.http;

import dev.memdir.web.WebUi;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;

/**
 * Reads the form a page of {@code /ui} posts as a body for {@code /mcp} is read: with no thread waiting on it, its
 * bytes reserved among those in flight (under the client's address, since a login has no principal yet), cut when it
 * comes too slowly or too late. The page then takes the body read. A body the page refuses unread (not a form, or a
 * Content-Length over the limit) goes on unread, and the page answers it.
 */
record WebBody(RequestLimits limits) implements FrontStep {

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        HttpServletRequest request = exchange.request();
        if (!WebUi.postsForm(request) || request.getContentLengthLong() > limits.maxRequestBytes()) {
            return Outcome.GO_ON;
        }
        Outcome reserved = BodyReservation.reserve(exchange, limits, "web page " + request.getRemoteAddr());
        return reserved == Outcome.GO_ON ? ReadBody.read(exchange, limits) : reserved;
    }
}
