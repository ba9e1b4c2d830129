package dev.memdir.http;

import jakarta.servlet.ServletException;
import java.io.IOException;

/**
 * One check of the front, in the order {@link FrontServlet} lists them: it answers the request itself, or lets it go
 * on to the next.
 */
interface FrontStep {

    /** What a step did with a request. */
    enum Outcome {
        /** The request goes on to the next step. */
        GO_ON,
        /** The step answered the request (refused it, or handed it to its server): the chain ends here. */
        ANSWERED,
        /** The body is being read with no thread waiting; the chain goes on from the next step once it has come. */
        BODY_PENDING
    }

    Outcome pass(Exchange exchange) throws ServletException, IOException;
}
