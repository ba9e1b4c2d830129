package dev.memdir.web;

import dev.memdir.desk.EditConflict;
import dev.memdir.desk.MemoryDesk;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.CommandException;
import java.io.IOException;
import java.util.List;

/**
 * The changes a session's forms post, each through the desk (so through the memory tool, as an agent's are): a
 * change done answers with a redirect to the page to see it on, its answer kept for that page to show once.
 */
final class WebChanges {

    private final WebRequest visit;
    private final PostedForm form;

    WebChanges(WebRequest visit, PostedForm form) {
        this.visit = visit;
        this.form = form;
    }

    void apply(String path) throws IOException {
        MemoryDesk desk = visit.desk;
        try {
            visit.writable();
            switch (path) {
                case WebUi.PREFIX + "/edit" -> {
                    MemoryPath file = path("path");
                    try {
                        done(desk.save(file, field("base"), field("content")), file);
                    } catch (EditConflict conflict) {
                        visit.answer.html(409, WebPages.conflict(visit.frame(),
                                file.display(), conflict.yours(), conflict.theirs(),
                                desk.diff(conflict.theirs().text(), conflict.yours())));
                    }
                }
                case WebUi.PREFIX + "/create" -> {
                    MemoryPath file = path("path");
                    done(desk.create(file, lfLineEnds(field("content"))), file);
                }
                case WebUi.PREFIX + "/rename" -> {
                    MemoryPath to = path("new_path");
                    done(desk.rename(path("path"), to), to);
                }
                case WebUi.PREFIX + "/delete" -> {
                    MemoryPath file = path("path");
                    visit.session.notice = desk.delete(file);
                    visit.answer.redirect(WebUi.PREFIX + "/?dir=" + Shown.query(parentOf(file)));
                }
                case WebUi.PREFIX + "/restore" -> {
                    MemoryPath file = path("path");
                    done(desk.restore(file, version()), file);
                }
                case WebUi.PREFIX + "/redact" -> {
                    MemoryPath file = path("path");
                    if (!form.first("confirm").orElse("").equals("yes")) {
                        throw new WebRequest.Refused(400, "A redaction removes a version's content for good: tick"
                                + " the box to confirm it.");
                    }
                    visit.session.notice = desk.redact(file, version());
                    visit.answer.redirect(WebUi.PREFIX + "/history?path=" + Shown.query(file.display()));
                }
                case WebUi.PREFIX + "/prune" -> {
                    List<String> answers = desk.prune(form.all("path"));
                    visit.session.notice = answers.isEmpty() ? "No stale file was archived."
                            : String.join(" ", answers);
                    visit.answer.redirect(WebUi.PREFIX + "/stale");
                }
                default -> visit.answer.error(404, visit.frame(), "Not found", "There is no such page.");
            }
        } catch (CommandException refused) {
            visit.refused(refused.text());
        } catch (WebRequest.Refused refused) {
            visit.answer.error(refused.status, visit.frame(), "Refused", refused.getMessage());
        }
    }

    private void done(String answer, MemoryPath shown) {
        visit.session.notice = answer;
        visit.answer.redirect(WebUi.PREFIX + "/file?path=" + Shown.query(shown.display()));
    }

    /**
     * A browser posts a textarea's lines ended with CRLF: a new file gets LF. (An edit gets the file's own line ends
     * back from the memory tool's {@code Revise}.)
     */
    static String lfLineEnds(String posted) {
        return posted.replace("\r\n", "\n");
    }

    private MemoryPath path(String name) throws WebRequest.Refused {
        return WebRequest.parsed(name, form.first(name))
                .orElseThrow(() -> new WebRequest.Refused(400, "The form names no path."));
    }

    private String field(String name) throws WebRequest.Refused {
        return form.first(name).orElseThrow(() -> new WebRequest.Refused(400, "The form lacks its " + name + "."));
    }

    private int version() throws WebRequest.Refused {
        try {
            return Integer.parseInt(field("version"));
        } catch (NumberFormatException e) {
            throw new WebRequest.Refused(400, "The form names no version number.");
        }
    }

    private static String parentOf(MemoryPath file) {
        List<String> segments = file.segments();
        return MemoryPath.of(segments.subList(0, Math.max(0, segments.size() - 1))).display();
    }
}
