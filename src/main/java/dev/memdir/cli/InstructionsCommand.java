package dev.memdir.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.config.Setting.Group;
import dev.memdir.config.Settings;
import dev.memdir.instructions.InstructionFile;
import dev.memdir.instructions.InstructionResolver;
import dev.memdir.instructions.Instructions;
import dev.memdir.instructions.InstructionsReport;
import dev.memdir.instructions.MemoryIndexEntry;
import dev.memdir.memory.directory.DirectoryStore;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memdir instructions}: what the instruction resources would return, printed. */
@Command(name = "instructions", mixinStandardHelpOptions = true, versionProvider = Version.class,
        abbreviateSynopsis = true,
        description = {"Print the project's instructions as the server serves them.",
                "As the instruction resources return them, or with --format json the report of each file."})
final class InstructionsCommand extends SettingsCommand {

    @Option(names = "--for", paramLabel = "PATH",
            description = "Print what becomes active when PATH (relative to the project) is touched.")
    String forPath;

    @Option(names = "--format", paramLabel = "text|json", defaultValue = "text",
            description = "text: the instructions; json: the per-file report.")
    String format;

    InstructionsCommand(MemdirCommand memdir) {
        super(memdir, SettingOptions.of(Group.MEMORY, Group.STORE, Group.INDEX, Group.INSTRUCTIONS,
                Group.SETTINGS_FILE));
    }

    @Override
    Optional<String> misuse() {
        return List.of("text", "json").contains(format.toLowerCase(Locale.ROOT)) ? Optional.empty()
                : Optional.of("--format must be text or json, not '" + format + "'");
    }

    @Override
    ExitCode run(Settings settings, Invocation invocation) {
        try {
            print(settings, Optional.ofNullable(forPath), format.equalsIgnoreCase("json"), invocation);
            return ExitCode.OK;
        } catch (IOException e) {
            invocation.err().println("memdir: cannot resolve the instructions: " + e.getMessage());
            return ExitCode.FAILED;
        }
    }

    /**
     * Prints the instructions, or the report, on stdout. Where there are no instructions stdout stays empty, as the
     * resource is, and the notice goes to stderr: {@code instructions > file} never takes it for instructions.
     */
    private static void print(Settings settings, Optional<String> forPath, boolean json, Invocation invocation)
            throws IOException {
        InstructionResolver resolver = new InstructionResolver(settings.instructions());
        Instructions instructions = forPath.isPresent() ? resolver.resolveFor(forPath.get()) : resolver.resolve();
        Path project = settings.instructions().projectDirectory();
        PrintStream out = invocation.stdout();
        if (!json && instructions.text().isEmpty()) {
            invocation.err().println("memdir: no instructions found for " + forPath.map(path -> path + " in ")
                    .orElse("") + project + " (--format json lists the files considered and why each is left out)");
            return;
        }
        if (!json) {
            out.println(instructions.text());
            return;
        }
        List<InstructionFile> files = new ArrayList<>(instructions.files());
        // MEMORY.md is a file of the project's instructions only where the memory is a directory of plain files.
        if (forPath.isEmpty() && settings.store().isEmpty() && !DirectoryStore.sealed(settings.root())) {
            files.add(MemoryIndexEntry.of(settings.root().resolve("MEMORY.md"), project, settings.indexBudget()));
        }
        out.println(new ObjectMapper().writerWithDefaultPrettyPrinter()
                .writeValueAsString(InstructionsReport.of(project, files)));
    }
}
