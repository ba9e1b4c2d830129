package dev.memdir.http;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;

/** The request handed to its namespace's server, on the revision it speaks, with the credential that holds it. */
enum HandOn implements FrontStep {

    /** A request without a body ({@code GET}, {@code DELETE}) goes at once; a {@code POST} goes on to its body. */
    WITHOUT_BODY {
        @Override
        public Outcome pass(Exchange exchange) throws ServletException, IOException {
            HttpServletRequest request = exchange.request();
            if (request.getMethod().equals("POST")) {
                return Outcome.GO_ON;
            }
            exchange.server.serve(exchange.revision(), request, exchange.response(), exchange.credential);
            return Outcome.ANSWERED;
        }
    },

    /** A {@code POST} whose body has been read and scanned. */
    WITH_BODY {
        @Override
        public Outcome pass(Exchange exchange) throws ServletException, IOException {
            exchange.server.serve(exchange.revision(), new BufferedRequest(exchange.request(), exchange.body),
                    exchange.response(), exchange.credential);
            return Outcome.ANSWERED;
        }
    }
}
