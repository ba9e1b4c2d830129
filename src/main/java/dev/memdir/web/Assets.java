package dev.memdir.web;

import java.io.IOException;
import java.io.InputStream;

/** The page's two static files, from the jar: its style sheet and its script. Nothing else is served by name. */
final class Assets {

    static final String PATH = WebUi.PREFIX + "/assets/";

    private Assets() {}

    /** Answers the asset {@code name}, or 404 for a name that is not one. */
    static void serve(String name, Answer answer) throws IOException {
        String type = switch (name) {
            case "app.css" -> "text/css; charset=utf-8";
            case "app.js" -> "text/javascript; charset=utf-8";
            default -> null;
        };
        if (type == null) {
            answer.error(404, "Not found", "There is no such page.");
            return;
        }
        try (InputStream in = Assets.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the jar lacks the web page's " + name);
            }
            answer.bytes(200, type, in.readAllBytes());
        }
    }
}
