package dev.memdir.instructions;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;

/** The per-file report of a resolution, as JSON: what was a candidate, what contributed, and why not. */
public final class InstructionsReport {

    private InstructionsReport() {}

    /** Returns the report of {@code files} (a resolution's, plus any the caller adds, such as the memory index). */
    public static ObjectNode of(Path project, List<InstructionFile> files) {
        ObjectNode report = JsonNodeFactory.instance.objectNode();
        report.put("project", project.toString());
        ArrayNode entries = report.putArray("files");
        for (InstructionFile file : files) {
            ObjectNode entry = entries.addObject();
            entry.put("path", file.path().toString());
            entry.put("scope", file.scope().label());
            putOrigin(entry, file.origin());
            entry.put("outside_project", file.outsideProject());
            entry.put("raw_bytes", file.rawBytes());
            entry.put("loaded_chars", file.content().length());
            entry.put("contributes", file.contributes());
            file.skipped().ifPresent(reason -> entry.put("reason", reason.label()));
        }
        return report;
    }

    private static void putOrigin(ObjectNode entry, Origin origin) {
        if (origin instanceof Origin.ImportedBy imported) {
            ObjectNode node = entry.putObject("origin");
            node.put("importer", imported.importer().toString());
            node.put("line", imported.line());
        } else if (origin instanceof Origin.Paths paths) {
            ObjectNode node = entry.putObject("origin");
            paths.globs().forEach(node.putArray("paths")::add);
            if (!paths.invalid().isEmpty()) {
                paths.invalid().forEach(node.putArray("invalid_paths")::add);
            }
        } else {
            entry.putNull("origin");
        }
    }
}
