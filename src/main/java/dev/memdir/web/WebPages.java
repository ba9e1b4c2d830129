package dev.memdir.web;

import dev.memdir.desk.DiffLine;
import dev.memdir.desk.DirectoryPage;
import dev.memdir.desk.GoneFile;
import dev.memdir.desk.HistoryPage;
import dev.memdir.desk.IndexGauge;
import dev.memdir.desk.OpenedFile;
import dev.memdir.memory.MemoryAges;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.recall.RecallAnswer;
import gg.jte.Content;
import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every page of the web UI, as HTML: each picks its template ({@code src/main/jte}, compiled with memdir) and gives it
 * its model. The templates escape every value they show, but for a file's Markdown, which {@link MarkdownView}
 * renders inert.
 */
final class WebPages {

    private static final TemplateEngine TEMPLATES =
            TemplateEngine.createPrecompiled(null, ContentType.Html, WebPages.class.getClassLoader(), "dev.memdir.web");

    private WebPages() {}

    /** A refusal or a failure, inside a session's frame or, with none, before one. */
    static String error(Frame frame, String title, String message) {
        return render("error", "frame", frame, "title", title, "message", message);
    }

    static String login(boolean failed) {
        return render("login", "failed", failed);
    }

    static String loggedOut() {
        return render("loggedOut");
    }

    static String tree(Frame frame, DirectoryPage listing) {
        return render("tree", "frame", frame, "listing", listing);
    }

    static String file(Frame frame, OpenedFile file, MarkdownView.Rendered rendered) {
        return render("file", "frame", frame, "file", file, "frontmatter", rendered.frontmatter(),
                // The one value shown unescaped: MarkdownView rendered it with raw HTML escaped and links judged.
                "rendered", (Content) output -> output.writeContent(rendered.html()));
    }

    static String edit(Frame frame, OpenedFile file) {
        return render("edit", "frame", frame, "file", file);
    }

    static String conflict(Frame frame, String path, String yours, OpenedFile theirs, List<DiffLine> diff) {
        return render("conflict", "frame", frame, "path", path, "yours", yours, "theirs", theirs, "diff", diff);
    }

    static String create(Frame frame, MemoryPath directory) {
        return render("create", "frame", frame, "directory", directory);
    }

    static String history(Frame frame, HistoryPage history) {
        return render("history", "frame", frame, "history", history);
    }

    static String index(Frame frame, IndexGauge gauge) {
        return render("index", "frame", frame, "gauge", gauge);
    }

    static String search(Frame frame, String query, RecallAnswer answer) {
        return render("search", "frame", frame, "query", query, "answer", answer);
    }

    static String stale(Frame frame, List<MemoryAges.Age> stale) {
        return render("stale", "frame", frame, "stale", stale);
    }

    static String gone(Frame frame, List<GoneFile> gone) {
        return render("gone", "frame", frame, "gone", gone);
    }

    /** Renders {@code template} with its parameters, given as name and value in turn. */
    private static String render(String template, Object... parameters) {
        Map<String, Object> model = new HashMap<>();
        for (int i = 0; i < parameters.length; i += 2) {
            model.put((String) parameters[i], parameters[i + 1]);
        }
        StringOutput output = new StringOutput(8192);
        TEMPLATES.render(template + ".jte", model, output);
        return output.toString();
    }
}
