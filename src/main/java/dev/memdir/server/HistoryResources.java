package dev.memdir.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.memory.RenamedFrom;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.server.feature.Completer;
import dev.memdir.server.feature.RequestFailure;
import dev.memdir.server.feature.Resource;
import dev.memdir.server.feature.Template;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/** The template {@code memdir://memory/history/{+path}}: the kept versions of one memory file. */
final class HistoryResources {

    static final String PREFIX = "memdir://memory/history/";
    static final String TEMPLATE = PREFIX + "{+path}";

    private final MemoryStore store;
    private final ObjectMapper json;

    HistoryResources(MemoryStore store, ObjectMapper json) {
        this.store = store;
        this.json = json;
    }

    /** The template, whose variable {@code completer} completes. */
    Template template(Completer completer) {
        Template.Definition template = new Template.Definition(TEMPLATE, "memory-history", "History of a memory file",
                "The earlier versions of /memories/{path} kept before edits, renames, deletes and restores, newest"
                        + " first: version, time, operation, session, size, sha256, whether it was redacted and"
                        + " where a rename took the file (restore one with 'memdir restore'); renamedFrom names the"
                        + " paths the file was renamed from, whose history stays under them",
                "application/json");
        return new Template(template, (client, uri) -> {
            MemoryPath path = path(uri);
            return Reads.text(uri, "application/json", Reads.io(uri, () -> versionsJson(path)));
        }, Resource.Source.MEMORY, Optional.of(completer));
    }

    private String versionsJson(MemoryPath path) throws IOException {
        ObjectNode body = json.createObjectNode();
        body.put("path", path.display());
        ArrayNode versions = body.putArray("versions");
        for (FileVersion version : store.versions(path)) {
            ObjectNode listed = versions.addObject().put("version", version.number())
                    .put("time", version.time().toString()).put("operation", version.operation().label())
                    .put("session", version.session()).put("size", version.size());
            version.sha256().ifPresent(sha256 -> listed.put("sha256", sha256));
            listed.put("redacted", version.redacted());
            version.redaction().ifPresent(redaction -> listed.put("redactedBy", redaction.actor())
                    .put("redactedAt", redaction.time().toString()));
            version.renamedTo().ifPresent(to -> listed.put("renamedTo", to.display()));
        }
        List<RenamedFrom.Link> renames = RenamedFrom.of(store, path);
        if (!renames.isEmpty()) {
            ArrayNode renamedFrom = body.putArray("renamedFrom");
            renames.forEach(rename -> renamedFrom.addObject().put("path", rename.from().display())
                    .put("renamedTo", rename.to().display())
                    .put("history", uriOf(String.join("/", rename.from().segments()))));
        }
        return json.writerWithDefaultPrettyPrinter().writeValueAsString(body);
    }

    /** The history URI of the file at {@code relative} below /memories, as change reports name it. */
    static String uriOf(String relative) {
        return PREFIX + relative;
    }

    /** Whether {@code uri} is a history URI exactly as change reports name it (no percent-encoding). */
    static boolean isReported(String uri) {
        if (!uri.startsWith(PREFIX)) {
            return false;
        }
        try {
            return MemoryPathParser.parse(MemoryPath.ROOT + "/" + uri.substring(PREFIX.length())).display()
                    .equals(MemoryPath.ROOT + "/" + uri.substring(PREFIX.length()));
        } catch (InvalidMemoryPathException e) {
            return false;
        }
    }

    private static MemoryPath path(String uri) {
        String relative = PercentDecoding.decode(uri, uri.substring(PREFIX.length()));
        try {
            return MemoryPathParser.parse(MemoryPath.ROOT + "/" + relative);
        } catch (InvalidMemoryPathException e) {
            throw RequestFailure.invalidParams(
                    "Invalid params: " + uri + " does not name a memory file (" + e.getMessage() + ")");
        }
    }
}
