package dev.memdir.web;

import dev.memdir.desk.MemoryDesk;
import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.render.Messages;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.Optional;

/** One request of a session, over its principal's desk. */
final class WebRequest {

    /** A request's parameter is refused; nothing was read or changed. */
    static final class Refused extends Exception {
        final int status;

        Refused(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    final HttpServletRequest request;
    final WebSessions.Session session;
    final MemoryDesk desk;
    final Answer answer;
    /** Counted before anything is read, so that a change made while the page is built makes it out of date. */
    private final long changesBefore;
    private Frame frame;

    WebRequest(HttpServletRequest request, WebSessions.Session session, MemoryDesk desk, Answer answer) {
        this.request = request;
        this.session = session;
        this.desk = desk;
        this.answer = answer;
        this.changesBefore = desk.changes();
    }

    boolean readOnly() {
        return session.principal.readOnly() || desk.readOnly();
    }

    Frame frame() {
        if (frame == null) {
            frame = new Frame(session.principal.name(), readOnly(), session.csrf, changesBefore, session.takeNotice());
        }
        return frame;
    }

    void page(String html) throws IOException {
        answer.html(200, html);
    }

    /** Answers a command's refusal: 404 for a path that is not there, else 400. */
    void refused(String text) throws IOException {
        int status = text.contains("does not exist") ? 404 : 400;
        answer.error(status, frame(), status == 404 ? "Not found" : "Refused", text);
    }

    void writable() throws Refused {
        if (readOnly()) {
            throw new Refused(403, "This memory is read-only for " + session.principal.name() + ".");
        }
    }

    Optional<MemoryPath> path(String name) throws Refused {
        return parsed(name, Optional.ofNullable(request.getParameter(name)));
    }

    MemoryPath requiredPath(String name) throws Refused {
        return path(name).orElseThrow(() -> new Refused(400, "The address names no path."));
    }

    static Optional<MemoryPath> parsed(String name, Optional<String> raw) throws Refused {
        if (raw.isEmpty() || raw.get().isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(MemoryPathParser.parse(raw.get()));
        } catch (InvalidMemoryPathException e) {
            throw new Refused(400, Messages.invalidPath(e));
        }
    }

    /**
     * A page number or offset: 0 when missing, negative or not a number; a whole number too large for an {@code int}
     * is past any last page, so the largest (the desk shows the last page for it).
     */
    int number(String name) {
        String raw = request.getParameter(name);
        try {
            return raw == null ? 0 : Math.max(0, Integer.parseInt(raw));
        } catch (NumberFormatException e) {
            return raw.matches("\\+?[0-9]+") ? Integer.MAX_VALUE : 0;
        }
    }
}
