package dev.memdir.http;

import dev.memdir.web.WebUi;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** How the front words a refusal of its own: for an agent, or for a person at the web page. */
enum Refusal {

    /** One line of JSON ({@link Answers#refuse}). */
    JSON {
        @Override
        void write(HttpServletResponse response, int status, String reason) throws IOException {
            Answers.refuse(response, status, reason);
        }
    },
    /** The page's error page, with the headers every answer of the page carries. */
    PAGE {
        @Override
        void write(HttpServletResponse response, int status, String reason) throws IOException {
            WebUi.refuse(response, status, reason);
        }
    };

    /** Answers {@code status}; {@code reason} is worded as {@link Answers} words it, lower case and without a stop. */
    abstract void write(HttpServletResponse response, int status, String reason) throws IOException;
}
