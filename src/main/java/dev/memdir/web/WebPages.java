package dev.memdir.web;

import static dev.memdir.web.Html.query;
import static dev.memdir.web.Html.shown;
import static dev.memdir.web.Html.text;

import dev.memdir.desk.DeskEntry;
import dev.memdir.desk.DiffLine;
import dev.memdir.desk.DirectoryPage;
import dev.memdir.desk.GoneFile;
import dev.memdir.desk.HistoryPage;
import dev.memdir.desk.IndexGauge;
import dev.memdir.desk.MemoryDesk;
import dev.memdir.desk.OpenedFile;
import dev.memdir.index.IndexMeasure;
import dev.memdir.memory.MemoryAges;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.recall.RecallAnswer;
import dev.memdir.recall.RecallMatch;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/** Every page of the web UI, as HTML: the one place its words and markup are written. */
final class WebPages {

    private static final DateTimeFormatter SHOWN_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private WebPages() {}

    static String page(Frame frame, String title, String main) {
        StringBuilder html = head(title, frame.visitor(), frame.changes());
        html.append("<header class=\"top\"><a class=\"brand\" href=\"/ui/\">memdir</a>")
                .append("<nav aria-label=\"Sections\"><a href=\"/ui/\">Files</a><a href=\"/ui/index\">Index</a>")
                .append("<a href=\"/ui/stale\">Stale</a><a href=\"/ui/deleted\">Deleted</a></nav>")
                .append("<form class=\"search\" role=\"search\" aria-label=\"Quick search\" action=\"/ui/search\"")
                .append(" method=\"get\">")
                .append("<label for=\"q\">Search</label><input id=\"q\" name=\"q\" type=\"search\">")
                .append("<button type=\"submit\">Search</button></form>")
                .append("<span class=\"who\">").append(text(frame.visitor()))
                .append(frame.readOnly() ? " (read-only)" : "").append("</span>")
                .append("<form id=\"logout-form\" method=\"post\" action=\"/ui/logout\">").append(csrf(frame))
                .append("<button type=\"submit\">Log out</button></form></header>")
                .append("<main id=\"main\">");
        frame.notice().ifPresent(notice ->
                html.append("<p id=\"notice\" role=\"status\">").append(text(notice)).append("</p>"));
        return html.append(main).append("</main></body></html>").toString();
    }

    /** A page outside a session: the login form, or an error before one. */
    static String bare(String title, String main) {
        return head(title, "", 0).append("<main id=\"main\">").append(main).append("</main></body></html>")
                .toString();
    }

    private static StringBuilder head(String title, String visitor, long changes) {
        return new StringBuilder(4096).append("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>").append(text(title)).append(" · memdir</title>")
                .append("<link rel=\"stylesheet\" href=\"/ui/assets/app.css\">")
                .append("<script src=\"/ui/assets/app.js\" defer></script></head>")
                .append("<body data-changes=\"").append(changes).append("\" data-principal=\"").append(text(visitor))
                .append("\">");
    }

    private static String csrf(Frame frame) {
        return "<input type=\"hidden\" name=\"csrf\" value=\"" + text(frame.csrf()) + "\">";
    }

    private static String hidden(String name, String value) {
        return "<input type=\"hidden\" name=\"" + name + "\" value=\"" + text(value) + "\">";
    }

    static String login(boolean failed) {
        return "<h1>Log in to memdir</h1>"
                + (failed ? "<p id=\"error\" role=\"alert\">That token is not accepted here.</p>" : "")
                + "<form id=\"login-form\" method=\"post\" action=\"/ui/login\">"
                + "<label for=\"token\">Your memdir token</label>"
                + "<input id=\"token\" name=\"token\" type=\"password\" autocomplete=\"current-password\">"
                + "<p class=\"hint\">The token 'memdir token create' made for you; empty on a server that has no"
                + " tokens yet.</p>"
                + "<button type=\"submit\">Log in</button></form>";
    }

    static String error(String message) {
        return "<h1>That did not work</h1><p id=\"error\" role=\"alert\">" + text(message) + "</p>"
                + "<p><a href=\"/ui/\">Back to the files</a></p>";
    }

    static String tree(Frame frame, DirectoryPage listing) {
        MemoryPath directory = listing.directory();
        StringBuilder html = new StringBuilder(256 + listing.entries().size() * 320);
        html.append(crumbs(directory)).append("<h1><bdi>").append(shown(directory.display())).append("</bdi></h1>");
        if (!frame.readOnly()) {
            html.append("<p class=\"actions\"><a id=\"new-link\" href=\"/ui/new?dir=")
                    .append(query(directory.display()))
                    .append("\">New file here</a></p>");
        }
        if (listing.total() == 0) {
            return html.append("<p class=\"empty\">Nothing here yet.</p>").toString();
        }
        html.append("<table id=\"tree\"><thead><tr><th scope=\"col\">Name</th><th scope=\"col\">Size</th>")
                .append("<th scope=\"col\">Last change</th></tr></thead><tbody>");
        for (DeskEntry entry : listing.entries()) {
            String path = entry.directory() ? entry.path() + "/" : entry.path();
            String href = entry.directory() ? "/ui/?dir=" + query(entry.path())
                    : "/ui/file?path=" + query(entry.path());
            html.append("<tr data-path=\"").append(text(path)).append('"')
                    .append(entry.stale() ? " class=\"stale\"" : "")
                    .append("><td class=\"name\"><a href=\"").append(href).append("\"><bdi>")
                    .append(shown(entry.name()))
                    .append(entry.directory() ? "/" : "").append("</bdi></a>")
                    .append(entry.stale() ? " <span class=\"stale-mark\">stale</span>" : "")
                    .append("</td><td class=\"size\">").append(entry.directory() ? "" : size(entry.size()))
                    .append("</td><td class=\"modified\">")
                    .append(entry.modified().map(WebPages::time).orElse("")).append("</td></tr>");
        }
        html.append("</tbody></table>");
        int shownTo = listing.offset() + listing.entries().size();
        html.append("<p class=\"paging\">Entries ").append(listing.offset() + 1).append('–').append(shownTo)
                .append(" of ").append(listing.total());
        if (listing.offset() > 0) {
            html.append(" <a rel=\"prev\" href=\"/ui/?dir=").append(query(directory.display())).append("&amp;offset=")
                    .append(Math.max(0, listing.offset() - MemoryDesk.ENTRIES_PER_PAGE)).append("\">Previous</a>");
        }
        if (listing.hasMore()) {
            html.append(" <a rel=\"next\" href=\"/ui/?dir=").append(query(directory.display())).append("&amp;offset=")
                    .append(shownTo).append("\">Next</a>");
        }
        return html.append("</p>").toString();
    }

    private static String crumbs(MemoryPath path) {
        StringBuilder html =
                new StringBuilder("<nav id=\"crumbs\" aria-label=\"Folders\"><a href=\"/ui/\">/memories</a>");
        StringBuilder at = new StringBuilder(MemoryPath.ROOT);
        for (String segment : path.segments()) {
            at.append('/').append(segment);
            html.append(" / <a href=\"/ui/?dir=").append(query(at.toString())).append("\"><bdi>").append(shown(segment))
                    .append("</bdi></a>");
        }
        return html.append("</nav>").toString();
    }

    static String file(Frame frame, OpenedFile file, MarkdownView.Rendered rendered) {
        String path = file.path().display();
        StringBuilder html = new StringBuilder(rendered.html().length() + 2048);
        html.append(crumbs(parent(file.path()))).append("<h1><bdi>").append(shown(path)).append("</bdi></h1>")
                .append("<p class=\"meta\">").append(size(file.size())).append("</p><p class=\"actions\">");
        if (!frame.readOnly()) {
            html.append("<a id=\"edit-link\" href=\"/ui/edit?path=").append(query(path)).append("\">Edit</a> ");
        }
        html.append("<a id=\"history-link\" href=\"/ui/history?path=").append(query(path)).append("\">History</a></p>");
        if (!rendered.frontmatter().isEmpty()) {
            html.append("<details class=\"frontmatter\"><summary>Frontmatter</summary><pre>")
                    .append(text(rendered.frontmatter())).append("</pre></details>");
        }
        html.append("<article id=\"rendered\" class=\"markdown\">").append(rendered.html()).append("</article>");
        if (!frame.readOnly()) {
            html.append("<form id=\"rename-form\" class=\"inline\" method=\"post\" action=\"/ui/rename\">")
                    .append(csrf(frame)).append(hidden("path", path))
                    .append("<label for=\"new_path\">Rename to</label>")
                    .append("<input id=\"new_path\" name=\"new_path\" value=\"")
                    .append(text(path)).append("\" required><button type=\"submit\">Rename</button></form>")
                    .append("<form id=\"delete-form\" class=\"inline\" method=\"post\" action=\"/ui/delete\">")
                    .append(csrf(frame)).append(hidden("path", path))
                    .append("<button type=\"submit\">Delete</button> <span class=\"hint\">(its history keeps it;")
                    .append(" restore it from there)</span></form>");
        }
        return html.toString();
    }

    private static MemoryPath parent(MemoryPath path) {
        List<String> segments = path.segments();
        return MemoryPath.of(segments.subList(0, Math.max(0, segments.size() - 1)));
    }

    static String edit(Frame frame, OpenedFile file) {
        String path = file.path().display();
        return crumbs(parent(file.path())) + "<h1>Edit <bdi>" + shown(path) + "</bdi></h1>"
                + editForm(frame, path, file.sha256(), file.text(), "Save");
    }

    private static String editForm(Frame frame, String path, String base, String content, String button) {
        return "<form id=\"edit-form\" method=\"post\" action=\"/ui/edit\">" + csrf(frame) + hidden("path", path)
                + hidden("base", base) + "<label for=\"content\">Content</label>"
                // The HTML parser drops one newline right after <textarea>: this one, not the file's own.
                + "<textarea id=\"content\" name=\"content\" rows=\"24\" spellcheck=\"false\">\n" + text(content)
                + "</textarea><button type=\"submit\">" + button + "</button> <a href=\"/ui/file?path=" + query(path)
                + "\">Cancel</a></form>";
    }

    static String conflict(Frame frame, String path, String yours, OpenedFile theirs, List<DiffLine> diff) {
        return "<h1>Edit <bdi>" + shown(path) + "</bdi></h1>"
                + "<section id=\"conflict\" aria-labelledby=\"conflict-title\">"
                + "<h2 id=\"conflict-title\">This file changed while you edited it</h2>"
                + "<p>Nothing was written: someone (an agent, or you in another tab) saved it after you opened it."
                + " Their version is below, then how yours differs from it. Save again to put yours in its place.</p>"
                + "<h3>What is there now</h3><pre id=\"theirs\">" + text(theirs.text()) + "</pre>"
                + "<h3>From theirs to yours</h3>" + diff(diff)
                + editForm(frame, path, theirs.sha256(), yours, "Save mine over theirs") + "</section>";
    }

    static String create(Frame frame, MemoryPath directory) {
        String start = directory.display() + "/";
        return crumbs(directory) + "<h1>New file</h1><form id=\"create-form\" method=\"post\" action=\"/ui/create\">"
                + csrf(frame) + "<label for=\"path\">Path</label><input id=\"path\" name=\"path\" value=\""
                + text(start) + "\" required><label for=\"content\">Content</label>"
                + "<textarea id=\"content\" name=\"content\" rows=\"20\" spellcheck=\"false\"></textarea>"
                + "<button type=\"submit\">Create</button></form>";
    }

    static String history(Frame frame, HistoryPage history) {
        String path = history.path().display();
        StringBuilder html = new StringBuilder(8192);
        html.append(crumbs(parent(history.path()))).append("<h1>History of <bdi>").append(shown(path))
                .append("</bdi></h1><p class=\"actions\"><a href=\"/ui/file?path=").append(query(path))
                .append("\">The file now</a></p>");
        if (history.total() == 0) {
            return html.append("<p class=\"empty\">No earlier version is kept.</p>").toString();
        }
        html.append("<p>").append(history.total()).append(history.total() == 1 ? " version" : " versions")
                .append(" kept, newest first. Each shows the change that replaced it.</p><ol id=\"versions\">");
        for (HistoryPage.Change change : history.changes()) {
            html.append(version(frame, path, change));
        }
        html.append("</ol><p class=\"paging\">Page ").append(history.page() + 1).append(" of ").append(history.pages());
        String base = "/ui/history?path=" + query(path) + "&amp;page=";
        if (history.page() > 0) {
            html.append(" <a rel=\"prev\" href=\"").append(base).append(history.page() - 1).append("\">Newer</a>");
        }
        if (history.page() + 1 < history.pages()) {
            html.append(" <a rel=\"next\" href=\"").append(base).append(history.page() + 1).append("\">Older</a>");
        }
        return html.append("</p>").toString();
    }

    private static String version(Frame frame, String path, HistoryPage.Change change) {
        FileVersion version = change.version();
        StringBuilder html = new StringBuilder(1024);
        html.append("<li class=\"version").append(version.redacted() ? " redacted" : "").append("\" data-version=\"")
                .append(version.number()).append("\"><h2>Version ").append(version.number()).append("</h2><p>")
                .append("<span class=\"operation\">").append(operation(version))
                .append("</span> by <span class=\"actor\">")
                .append(text(version.session())).append("</span>, <span class=\"time\">").append(time(version.time()))
                .append("</span>, ").append(size(version.size())).append("</p>");
        if (version.redacted()) {
            FileVersion.Redaction redaction = version.redaction().get();
            html.append("<p class=\"redaction\">Content redacted by ").append(text(redaction.actor())).append(", ")
                    .append(time(redaction.time())).append(".</p>");
        }
        version.renamedTo().ifPresent(to ->
                html.append("<p>Renamed to <bdi>").append(shown(to.display())).append("</bdi>.</p>"));
        change.diff().ifPresent(diff -> html.append(diff(diff)));
        if (!frame.readOnly() && !version.redacted()) {
            String number = Integer.toString(version.number());
            html.append("<form class=\"restore-form inline\" method=\"post\" action=\"/ui/restore\">")
                    .append(csrf(frame))
                    .append(hidden("path", path)).append(hidden("version", number))
                    .append("<button type=\"submit\">Restore version ").append(number).append("</button></form>")
                    .append("<form class=\"redact-form inline\" method=\"post\" action=\"/ui/redact\">")
                    .append(csrf(frame))
                    .append(hidden("path", path)).append(hidden("version", number))
                    .append("<label><input type=\"checkbox\" name=\"confirm\" value=\"yes\" required> remove its")
                    .append(" content for good</label> <button type=\"submit\">Redact version ").append(number)
                    .append("</button></form>");
        }
        return html.append("</li>").toString();
    }

    private static String operation(FileVersion version) {
        return switch (version.operation()) {
            case WRITE -> "edited";
            case DELETE -> "deleted";
            case RENAME -> "renamed";
            case RESTORE -> "restored over";
            case UNRECORDED -> "changed";
        };
    }

    private static String diff(List<DiffLine> lines) {
        if (lines.isEmpty()) {
            return "<div class=\"diff\"><p class=\"same\">No change to the text.</p></div>";
        }
        StringBuilder html = new StringBuilder("<div class=\"diff\"><pre>");
        for (DiffLine line : lines) {
            // Each line is a block (app.css) that ends itself: a newline between blocks shows as an empty line.
            switch (line.kind()) {
                case ADDED -> html.append("<ins>+").append(text(line.text())).append("</ins>");
                case REMOVED -> html.append("<del>-").append(text(line.text())).append("</del>");
                case HUNK -> html.append("<span class=\"hunk\">").append(text(line.text())).append("</span>");
                case OMITTED -> html.append("<span class=\"omitted\">… ").append(text(line.text())).append("</span>");
                default -> html.append("<span> ").append(text(line.text())).append("</span>");
            }
        }
        return html.append("</pre></div>").toString();
    }

    static String index(IndexGauge gauge) {
        IndexMeasure measure = gauge.measure();
        String verdict = measure.verdict().name().toLowerCase(Locale.ROOT);
        String says = switch (measure.verdict()) {
            case WITHIN -> "Within its budget.";
            case NEAR -> "Near its budget: compact it soon (to about " + measure.targetLines() + " lines, "
                    + measure.targetKilobytes() + ").";
            case OVER -> "Over its budget: its end does not load into an agent's context. Compact it to about "
                    + measure.targetLines() + " lines, " + measure.targetKilobytes() + ".";
        };
        int maxLines = measure.budget().maxLines();
        int maxBytes = measure.budget().maxBytes();
        double near = measure.budget().nearRatio();
        return "<h1>The index, MEMORY.md</h1><section id=\"index-gauge\" class=\"" + verdict + "\">"
                + (gauge.exists() ? "" : "<p>There is no MEMORY.md yet.</p>")
                + "<p class=\"verdict\">" + text(says) + "</p>"
                + meter("index-lines", "Lines", measure.lines(), maxLines, near)
                + meter("index-bytes", "Bytes", measure.bytes(), maxBytes, near)
                + "<p class=\"figures\">" + text(measure.figures()) + "</p></section>"
                + (gauge.exists() ? "<p><a href=\"/ui/file?path=%2Fmemories%2FMEMORY.md\">Read it</a></p>" : "");
    }

    private static String meter(String id, String label, int value, int max, double near) {
        return "<p class=\"gauge\"><label for=\"" + id + "\">" + label + "</label> <meter id=\"" + id
                + "\" min=\"0\" max=\""
                + max + "\" low=\"" + (int) Math.floor(max * near) + "\" high=\"" + max + "\" optimum=\"0\" value=\""
                + Math.min(value, max) + "\">" + value + "/" + max + "</meter> <span>" + value + " of " + max
                + "</span></p>";
    }

    static String search(String query, RecallAnswer answer) {
        StringBuilder html = new StringBuilder("<h1>Search</h1><form id=\"search-form\" role=\"search\""
                + " aria-label=\"Search the memory\""
                + " action=\"/ui/search\""
                + " method=\"get\"><label for=\"search-q\">Find in the memory</label><input id=\"search-q\" name=\"q\""
                + " type=\"search\" value=\"" + text(query) + "\"><button type=\"submit\">Search</button></form>");
        if (query.isBlank()) {
            return html.toString();
        }
        if (answer.matches().isEmpty()) {
            return html.append("<p class=\"empty\">Nothing matches.</p>").toString();
        }
        html.append("<p class=\"ranking\">").append(answer.byMeaning() ? "Ranked by meaning and keywords."
                : "Ranked by keywords" + (answer.withoutVectors() > 0 ? " (the meaning of the files is still being"
                        + " computed)." : ".")).append("</p><ol id=\"results\">");
        for (RecallMatch match : answer.matches()) {
            html.append("<li data-path=\"").append(text(match.path())).append("\"><a href=\"/ui/file?path=")
                    .append(query(match.path())).append("\"><bdi>").append(shown(match.path())).append("</bdi></a>");
            if (!match.description().isEmpty()) {
                html.append(" <span class=\"description\">").append(text(match.description())).append("</span>");
            }
            html.append("</li>");
        }
        return html.append("</ol>").toString();
    }

    static String stale(Frame frame, List<MemoryAges.Age> stale) {
        StringBuilder html = new StringBuilder("<h1>Stale files</h1>");
        if (stale.isEmpty()) {
            return html.append("<p class=\"empty\">No file has gone untouched for longer than the stale age.</p>")
                    .toString();
        }
        html.append("<p>These files have gone untouched for longer than the stale age: a memory nobody revised may no")
                .append(" longer be true. Pruning moves them into /memories/archive/, from where a restore brings each")
                .append(" back.</p>");
        if (!frame.readOnly()) {
            html.append("<form id=\"prune-form\" method=\"post\" action=\"/ui/prune\">").append(csrf(frame));
        }
        html.append("<ul id=\"stale\">");
        for (MemoryAges.Age age : stale) {
            String id = "stale-" + age.sha256().substring(0, 12) + "-" + Integer.toHexString(age.path().hashCode());
            html.append("<li data-path=\"").append(text(age.path())).append("\">");
            if (!frame.readOnly()) {
                html.append("<input type=\"checkbox\" id=\"").append(id).append("\" name=\"path\" value=\"")
                        .append(text(age.path())).append("\" checked> ");
            }
            html.append("<label for=\"").append(id).append("\"><bdi>").append(shown(age.path()))
                    .append("</bdi></label>")
                    .append(" <a href=\"/ui/file?path=").append(query(age.path())).append("\">open</a>")
                    .append(" <span class=\"age\">").append(age.ageDays()).append(" days, since ")
                    .append(time(age.modified())).append("</span></li>");
        }
        html.append("</ul>");
        if (!frame.readOnly()) {
            html.append("<button type=\"submit\">Archive the checked files</button></form>");
        }
        return html.toString();
    }

    static String gone(List<GoneFile> gone) {
        StringBuilder html = new StringBuilder("<h1>Deleted and moved files</h1>");
        if (gone.isEmpty()) {
            return html.append("<p class=\"empty\">No file has been deleted or moved away.</p>").toString();
        }
        html.append("<p>Files the memory no longer holds, whose history it keeps, most recently gone first: open")
                .append(" one's history to restore it.</p><ul id=\"deleted\">");
        for (GoneFile file : gone) {
            FileVersion last = file.last();
            html.append("<li data-path=\"").append(text(file.path().display())).append("\"><a href=\"/ui/history?path=")
                    .append(query(file.path().display())).append("\"><bdi>").append(shown(file.path().display()))
                    .append("</bdi></a> <span class=\"age\">").append(last.renamedTo().isPresent()
                            ? "moved to <bdi>" + shown(last.renamedTo().get().display()) + "</bdi>"
                            : operation(last))
                    .append(" by ").append(text(last.session())).append(", ").append(time(last.time()))
                    .append("</span></li>");
        }
        return html.append("</ul>").toString();
    }

    private static String time(Instant time) {
        return "<time datetime=\"" + time + "\">" + SHOWN_TIME.format(time) + "</time>";
    }

    private static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
    }
}
