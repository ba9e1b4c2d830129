package dev.memdir.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.config.Settings;
import dev.memdir.instructions.InstructionFile;
import dev.memdir.instructions.InstructionResolver;
import dev.memdir.instructions.Instructions;
import dev.memdir.instructions.InstructionsReport;
import dev.memdir.instructions.MemoryIndexEntry;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code memdir instructions}: what the instruction resources would return, printed. */
final class InstructionsCommand {

    /** How to print: the instructions text, or the per-file report. */
    enum Format { TEXT, JSON }

    private InstructionsCommand() {}

    static int run(Settings settings, Optional<String> forPath, Format format, PrintStream out) throws IOException {
        InstructionResolver resolver = new InstructionResolver(settings.instructions());
        Instructions instructions = forPath.isPresent() ? resolver.resolveFor(forPath.get()) : resolver.resolve();
        if (format == Format.TEXT) {
            out.println(instructions.text());
            return 0;
        }
        List<InstructionFile> files = new ArrayList<>(instructions.files());
        Path project = settings.instructions().projectDirectory();
        // MEMORY.md is a file of the project's instructions only where the memory is a directory.
        if (forPath.isEmpty() && settings.database().isEmpty()) {
            files.add(MemoryIndexEntry.of(settings.root().resolve("MEMORY.md"), project, settings.indexBudget()));
        }
        out.println(new ObjectMapper().writerWithDefaultPrettyPrinter()
                .writeValueAsString(InstructionsReport.of(project, files)));
        return 0;
    }
}
