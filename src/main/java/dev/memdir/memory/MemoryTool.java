package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.index.IndexBudget;
import dev.memdir.index.IndexMeasure;
import dev.memdir.index.LoadedIndex;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.StoreFault;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The memory tool of the Claude API over one store: a command name and its JSON arguments in, an answer out. */
public final class MemoryTool {

    /** The command names, in the order the reference documents them. */
    public static final List<String> COMMANDS = List.of("view", "create", "str_replace", "insert", "delete", "rename");

    /** The always-loaded index, whose budget is checked after every write to it. */
    public static final MemoryPath INDEX = new MemoryPath("/memories/MEMORY.md", List.of("MEMORY.md"));

    private final MemoryStore store;
    private final FrontmatterStamper stamper;
    private final boolean readOnly;
    private final IndexBudget budget;

    /** A tool over {@code store} that stamps the frontmatter of what it writes with {@code stamper}. */
    public MemoryTool(MemoryStore store, FrontmatterStamper stamper, boolean readOnly, IndexBudget budget) {
        this.store = store;
        this.stamper = stamper;
        this.readOnly = readOnly;
        this.budget = budget;
    }

    /** Runs {@code command}; every failure, including an I/O one, comes back as a {@link CommandException}. */
    public CommandOutput call(String command, Map<String, Object> arguments) throws CommandException {
        if (command == null) {
            throw new CommandException(Messages.missingCommand());
        }
        return execute(parse(command, new Arguments(command, arguments)));
    }

    /**
     * Writes version {@code number} (else the newest) of {@code path} back, keeping what is there now in the
     * history first, so that a restore can be undone too.
     */
    public CommandOutput restore(MemoryPath path, Optional<Integer> number) throws CommandException {
        return execute(new Restore(path, number));
    }

    /**
     * Writes {@code fileText}, with the file's own line ends, over {@code path} if the file still holds the content
     * whose SHA-256 is {@code base}; all in one unit of work.
     *
     * @throws RevisionConflict when the file changed since it was opened: nothing was written
     */
    public CommandOutput revise(MemoryPath path, String base, String fileText) throws CommandException {
        return execute(new Revise(path, base, fileText));
    }

    /** Runs {@code create} on a parsed path. */
    public CommandOutput create(MemoryPath path, String fileText) throws CommandException {
        return execute(new Create(path, fileText));
    }

    /** Runs {@code rename} on parsed paths. */
    public CommandOutput rename(MemoryPath from, MemoryPath to) throws CommandException {
        return execute(new Rename(from, to));
    }

    /** Runs {@code delete} on a parsed path. */
    public CommandOutput delete(MemoryPath path) throws CommandException {
        return execute(new Delete(path));
    }

    /** Moves {@code path} into the {@link Archive} (a rename), from where a restore of {@code path} moves it back. */
    public CommandOutput archive(String path) throws CommandException {
        MemoryPath parsed = new Arguments("rename", Map.of("old_path", path)).path("old_path");
        return execute(new Rename(parsed, Archive.of(parsed)));
    }

    /** Removes the content of version {@code number} of {@code path}, keeping its figures and who redacted it. */
    public CommandOutput redact(MemoryPath path, int number) throws CommandException {
        return execute(new Redact(path, number));
    }

    /**
     * The one place a command meets the store: a writing command runs as one change, its index check included,
     * so the check reads what the command wrote and nobody else's write in between.
     */
    private CommandOutput execute(MemoryCommand command) throws CommandException {
        if (readOnly && command.writes()) {
            throw new CommandException(Messages.readOnly(command.name()));
        }
        try {
            return command.writes()
                    ? store.change(files -> checkIndex(command, command.run(files, stamper), files))
                    : store.read(files -> command.run(files, stamper));
        } catch (StoreFault fault) {
            throw new CommandException(fault.getMessage());
        } catch (IOException e) {
            throw new CommandException(
                    Messages.ioFailure(command.name(), command.path().display(), IoFailureReason.of(e)));
        }
    }

    /** Runs an input of the API's single memory tool: a {@code command} field plus that command's fields. */
    public CommandOutput call(Map<String, Object> apiInput) throws CommandException {
        Object command = apiInput == null ? null : apiInput.get("command");
        if (command != null && !(command instanceof String)) {
            throw new CommandException(Messages.wrongType("memory", "command", "a string"));
        }
        return call((String) command, apiInput);
    }

    /** The write-then-check loop: the write stands; the answer says how the index now sits against its budget. */
    private CommandOutput checkIndex(MemoryCommand command, CommandOutput output, MemoryFiles files)
            throws IOException, CommandException {
        if (command.written().filter(path -> path.segments().equals(INDEX.segments())).isEmpty()) {
            return output;
        }
        CommandOutput.Text done = (CommandOutput.Text) output;
        String index = files.entry(INDEX).isFile() ? TextContent.decodeForView(files.read(INDEX)) : "";
        IndexMeasure measure = LoadedIndex.load(index, budget).measure();
        switch (measure.verdict()) {
            case NEAR:
                return new CommandOutput.Text(done.text() + "\n\n" + Messages.indexNear(measure), false);
            case OVER:
                return new CommandOutput.Text(done.text() + "\n\n" + Messages.indexOver(measure), true);
            default:
                return done;
        }
    }

    private static MemoryCommand parse(String command, Arguments args) throws CommandException {
        switch (command) {
            case "view":
                return new View(args.path("path"), args.viewRange("view_range"));
            case "create":
                return new Create(args.path("path"), args.string("file_text"));
            case "str_replace":
                return new StrReplace(args.path("path"), args.string("old_str"),
                        args.optionalString("new_str").orElse(""));
            case "insert":
                return new Insert(args.path("path"), args.integer("insert_line"), args.string("insert_text"));
            case "delete":
                return new Delete(args.path("path"));
            case "rename":
                return new Rename(args.path("old_path"), args.path("new_path"));
            default:
                throw new CommandException(Messages.unknownCommand(command));
        }
    }
}
