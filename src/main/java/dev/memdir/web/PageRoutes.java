package dev.memdir.web;

import dev.memdir.desk.MemoryDesk;
import dev.memdir.desk.OpenedFile;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.CommandException;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A session's pages: the principal's rate counted, its desk held for the request, then the page its path names (a
 * GET) or the change its form posts (a POST from the page's own origin, with the session's form token).
 */
final class PageRoutes {

    private static final Logger LOG = LoggerFactory.getLogger(PageRoutes.class);

    private final DeskSource desks;
    private final WebUi.Rate rate;
    private final long maxBodyBytes;
    private final SessionGate gate;

    PageRoutes(DeskSource desks, WebUi.Rate rate, long maxBodyBytes, SessionGate gate) {
        this.desks = desks;
        this.rate = rate;
        this.maxBodyBytes = maxBodyBytes;
        this.gate = gate;
    }

    /** Answers {@code request} of {@code session} at {@code path}, whose body was read already when present. */
    void serve(WebSessions.Session session, HttpServletRequest request, String path, Optional<byte[]> body,
            Answer answer) throws IOException {
        String name = session.principal.name();
        OptionalLong wait = rate.take(session.principal);
        if (wait.isPresent()) {
            answer.response.setHeader("Retry-After", Long.toString(wait.getAsLong()));
            answer.error(429, "Too many requests", "Too many requests from " + name + "; try again in "
                    + wait.getAsLong() + " s.");
            return;
        }
        Optional<DeskSource.Hold> hold;
        try {
            hold = desks.open(session.principal);
        } catch (RuntimeException e) {
            LOG.warn("The web page cannot open the memory of {}: {}", name, e.toString());
            answer.error(503, "Unavailable", "The memory cannot be opened now; try again soon.");
            return;
        }
        if (hold.isEmpty()) {
            answer.error(403, "No memory", "No memory is served here for " + name + ".");
            return;
        }
        try (DeskSource.Hold held = hold.get()) {
            WebRequest visit = new WebRequest(request, session, held.desk(), answer);
            if (request.getMethod().equals("POST")) {
                post(visit, body, path);
            } else {
                get(visit, path);
            }
        } catch (RuntimeException e) {
            LOG.warn("The web page failed on {} {}: {}", request.getMethod(), path, e.toString());
            if (!answer.response.isCommitted()) {
                answer.error(500, "Failed", "The server failed to answer; its log says why.");
            }
        }
    }

    private static void get(WebRequest visit, String path) throws IOException {
        MemoryDesk desk = visit.desk;
        try {
            switch (path) {
                case WebUi.PREFIX + "/" -> {
                    MemoryPath directory = visit.path("dir").orElse(MemoryPath.of(List.of()));
                    visit.page(WebPages.tree(visit.frame(), desk.directory(directory, visit.number("offset"))));
                }
                case WebUi.PREFIX + "/file" -> {
                    OpenedFile file = desk.file(visit.requiredPath("path"));
                    visit.page(WebPages.file(visit.frame(), file, MarkdownView.render(file.text())));
                }
                case WebUi.PREFIX + "/edit" -> {
                    visit.writable();
                    OpenedFile file = desk.file(visit.requiredPath("path"));
                    visit.page(WebPages.edit(visit.frame(), file));
                }
                case WebUi.PREFIX + "/new" -> {
                    visit.writable();
                    visit.page(WebPages.create(visit.frame(), visit.path("dir").orElse(MemoryPath.of(List.of()))));
                }
                case WebUi.PREFIX + "/history" -> {
                    MemoryPath file = visit.requiredPath("path");
                    visit.page(WebPages.history(visit.frame(), desk.history(file, visit.number("page"))));
                }
                case WebUi.PREFIX + "/index" -> visit.page(WebPages.index(visit.frame(), desk.index()));
                case WebUi.PREFIX + "/search" -> {
                    String query = Optional.ofNullable(visit.request.getParameter("q")).orElse("");
                    visit.page(WebPages.search(visit.frame(), query, desk.search(query)));
                }
                case WebUi.PREFIX + "/stale" -> visit.page(WebPages.stale(visit.frame(), desk.stale()));
                case WebUi.PREFIX + "/deleted" -> visit.page(WebPages.gone(visit.frame(), desk.gone()));
                case WebUi.PREFIX + "/changes" -> visit.answer.json("{\"changes\":" + desk.changes() + "}");
                default -> visit.answer.error(404, visit.frame(), "Not found", "There is no such page.");
            }
        } catch (CommandException refused) {
            visit.refused(refused.text());
        } catch (WebRequest.Refused refused) {
            visit.answer.error(refused.status, visit.frame(), "Refused", refused.getMessage());
        }
    }

    private void post(WebRequest visit, Optional<byte[]> body, String path) throws IOException {
        if (!OwnOrigin.of(visit.request)) {
            visit.answer.error(403, visit.frame(), "Refused", "This form was not sent from this"
                    + " server's page.");
            return;
        }
        PostedForm form;
        try {
            form = PostedForm.read(visit.request, body, maxBodyBytes);
        } catch (PostedForm.Refused refused) {
            visit.answer.error(refused.status, visit.frame(), "Refused", refused.getMessage());
            return;
        }
        if (!visit.session.sentBack(form.first("csrf").orElse(null))) {
            visit.answer.error(403, visit.frame(), "Refused", "This form's token is missing or out of"
                    + " date: reload the page and try again.");
            return;
        }
        if (path.equals(WebUi.PREFIX + "/logout")) {
            gate.end(visit.session, visit.answer);
            visit.answer.html(200, WebPages.loggedOut());
            return;
        }
        new WebChanges(visit, form).apply(path);
    }
}
