package dev.memdir.bench;

import java.io.IOException;
import java.util.Map;

/**
 * memdir calls on small files that succeed every time: {@code view} of a note, {@code str_replace} swapping one
 * word of another note back and forth, and {@code create} of a third note, which {@code delete} takes away again
 * ({@code create} never overwrites).
 */
final class SmallFileCalls implements MixedLoad {

    private static final String NOTE = "/memories/note.md";
    private static final String EDITED = "/memories/edited.md";
    private static final String CREATED = "/memories/created.md";
    private static final String NOTE_TEXT = "# Note\n\nThe build uses Maven.\nRun the tests before a commit.\n";
    private static final String[] WORDS = {"alpha", "omega"};

    private long replacements;

    /** Creates the viewed and the edited note; call once per server before the others. */
    @Override
    public void prepare(McpPipe server) throws IOException {
        server.call("create", Map.of("path", NOTE, "file_text", NOTE_TEXT));
        server.call("create", Map.of("path", EDITED, "file_text", "Status: " + WORDS[0] + "\n"));
    }

    McpPipe.Answer view(McpPipe server) throws IOException {
        return server.call("view", Map.of("path", NOTE));
    }

    McpPipe.Answer strReplace(McpPipe server) throws IOException {
        String from = WORDS[(int) (replacements % 2)];
        String to = WORDS[(int) ((replacements + 1) % 2)];
        replacements++;
        return server.call("str_replace", Map.of("path", EDITED, "old_str", from, "new_str", to));
    }

    McpPipe.Answer create(McpPipe server) throws IOException {
        return server.call("create", Map.of("path", CREATED, "file_text", NOTE_TEXT));
    }

    McpPipe.Answer delete(McpPipe server) throws IOException {
        return server.call("delete", Map.of("path", CREATED));
    }

    /** Creates the third note and deletes it again; returns the answer to the create. */
    McpPipe.Answer createThenDelete(McpPipe server) throws IOException {
        McpPipe.Answer created = create(server);
        delete(server);
        return created;
    }

    /** Call {@code i} of a mixed load: view, str_replace, create and delete in turn. */
    @Override
    public McpPipe.Answer call(McpPipe server, int i) throws IOException {
        return switch (i % 4) {
            case 0 -> view(server);
            case 1 -> strReplace(server);
            case 2 -> create(server);
            default -> delete(server);
        };
    }
}
