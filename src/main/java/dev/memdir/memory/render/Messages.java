package dev.memdir.memory.render;

import dev.memdir.index.IndexBudget;
import dev.memdir.index.IndexMeasure;
import dev.memdir.memory.path.InvalidMemoryPathException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Every text a model reads from the six memory commands, with the notes added to a write. The wording of the
 * reference memory tool is kept to the letter; the texts for our additions are short and say what to do.
 */
public final class Messages {

    static final String ERROR = "Error: ";
    private static final String INDEX = "/memories/MEMORY.md";

    private Messages() {}

    // ---- path checks

    /** Returns the text for a path the parser rejected, as given. */
    public static String invalidPath(InvalidMemoryPathException e) {
        return switch (e.kind()) {
            case OUTSIDE_PREFIX -> pathOutsidePrefix(e.path());
            case TRAVERSAL -> pathTraversal(e.path());
            case MALFORMED -> pathMalformed(e.path(), e.reason());
        };
    }

    public static String pathOutsidePrefix(String raw) {
        return ERROR + "Path must start with /memories, got: " + raw;
    }

    public static String pathTraversal(String raw) {
        return ERROR + "Path " + raw + " would escape /memories directory";
    }

    public static String pathMalformed(String raw, String reason) {
        return ERROR + "Invalid path " + raw + ": " + reason;
    }

    public static String symlinkEscape() {
        return ERROR + "Path would escape /memories directory via symlink";
    }

    public static String symlinkNotFollowed(String path) {
        return ERROR + "The path " + path + " is a symbolic link, and memdir does not follow links";
    }

    // ---- missing, existing, wrong kind

    public static String notFound(String path) {
        return ERROR + "The path " + path + " does not exist. Please provide a valid path.";
    }

    public static String notFoundBare(String path) {
        return ERROR + "The path " + path + " does not exist";
    }

    public static String notAFile(String path) {
        return ERROR + "The path " + path + " is not a file.";
    }

    public static String notADirectory(String path) {
        return ERROR + "The path " + path + " is a file, so nothing can be created below it";
    }

    public static String alreadyExists(String path) {
        return ERROR + "File " + path + " already exists";
    }

    public static String notUtf8(String path) {
        return ERROR + "The file " + path + " is not UTF-8 text, so memdir will not edit it. Nothing was changed.";
    }

    public static String tooLarge(String path, long bytes, long limit) {
        return ERROR + "File " + path + " would be " + bytes + " bytes, over the limit of " + limit
                + " bytes per file. Nothing was written; split the content into several files.";
    }

    public static String tooManyFiles(String path, long limit) {
        return ERROR + "Creating " + path + " would make more than " + limit
                + " files in the memory directory. Nothing was written; merge or delete files first.";
    }

    public static String rootTooLarge(String path, long bytes, long limit) {
        return ERROR + "Writing " + path + " would make the memory directory " + bytes + " bytes, over its limit of "
                + limit + " bytes. Nothing was written; shorten or delete files first.";
    }

    public static String rootGone() {
        return ERROR + "The memory directory no longer exists (it was deleted while memdir was running)."
                + " Nothing was changed; restart memdir to create it again.";
    }

    public static String ioFailure(String command, String path, String reason) {
        return ERROR + "Could not " + command + " " + path + ": " + reason + ". Nothing was changed.";
    }

    // ---- view

    public static String directoryHeader(String path) {
        return "Here're the files and directories up to 2 levels deep in " + path
                + ", excluding hidden items and node_modules:";
    }

    public static String fileHeader(String path) {
        return "Here's the content of " + path + " with line numbers:";
    }

    public static String lineLimit(String path) {
        return ERROR + "File " + path + " exceeds maximum line limit of 999,999 lines.";
    }

    public static String numberedLine(int number, String line) {
        return String.format(Locale.ROOT, "%6d\t%s", number, line);
    }

    public static String pageNotice(int first, int last, int total, String nextRange) {
        return String.format(Locale.ROOT,
                "[Lines %d-%d of %d shown: a view is limited to %,d characters. Use view_range %s to see the rest.]",
                first, last, total, ViewLimits.MAX_VIEW_CHARS, nextRange);
    }

    // ---- create, str_replace, insert

    public static String created(String path) {
        return "File created successfully at: " + path;
    }

    public static String replaced(String snippet) {
        return "The memory file has been edited. Here is the snippet showing the change (with line numbers):\n"
                + snippet;
    }

    public static String noMatch(String oldStr, String path) {
        return ERROR + "No replacement was performed, old_str `" + oldStr + "` did not appear verbatim in " + path
                + ".";
    }

    public static String multipleMatches(String oldStr, List<Integer> lines) {
        return ERROR + "No replacement was performed. Multiple occurrences of old_str `" + oldStr + "` in lines: "
                + lines.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ". Please ensure it is unique";
    }

    public static String emptyOldStr(String path) {
        return ERROR + "No replacement was performed, old_str is empty. Give the exact text to replace in " + path
                + ".";
    }

    public static String inserted(String path) {
        return "The file " + path + " has been edited.";
    }

    public static String invalidInsertLine(long line, int lineCount) {
        return ERROR + "Invalid `insert_line` parameter: " + line
                + ". It should be within the range of lines of the file: [0, " + lineCount + "]";
    }

    // ---- a person's whole-file edit (the web page)

    public static String saved(String path) {
        return "The memory file " + path + " has been saved.";
    }

    public static String changedSinceRead(String path) {
        return ERROR + "The file " + path + " changed since it was opened; nothing was written";
    }

    // ---- delete, rename

    public static String deleted(String path) {
        return "Successfully deleted " + path;
    }

    public static String cannotDeleteRoot() {
        return ERROR + "Cannot delete the /memories directory itself";
    }

    public static String renamed(String oldPath, String newPath) {
        return "Successfully renamed " + oldPath + " to " + newPath;
    }

    public static String cannotRenameRoot() {
        return ERROR + "Cannot rename the /memories directory itself";
    }

    public static String destinationExists(String newPath) {
        return ERROR + "The destination " + newPath + " already exists";
    }

    public static String renameIntoItself(String oldPath, String newPath) {
        return ERROR + "Cannot rename " + oldPath + " to " + newPath + ": a directory cannot move inside itself";
    }

    // ---- notes added to a successful write

    /** Returns {@code text}, then a blank line and the note when there is one. */
    private static String withNote(String text, Optional<String> note) {
        return note.map(n -> text + "\n\n" + n).orElse(text);
    }

    /** Returns a write's success text, with a note when the frontmatter of {@code path} could not be stamped. */
    public static String withStampNote(String text, String path, Optional<String> stampProblem) {
        return withNote(text, stampProblem.map(problem -> "Note: the frontmatter of " + path + " could not be read ("
                + problem + "), so metadata.modified was not updated; the file was written exactly as given."));
    }

    public static String indexNear(IndexMeasure measure) {
        return "Note: " + INDEX + " is near its budget (" + measure.figures() + "). Keep it an index: one line per"
                + " entry, move detail into topic files, merge or drop stale entries.";
    }

    public static String indexOver(IndexMeasure measure) {
        IndexBudget budget = measure.budget();
        return "Over budget: the write succeeded, but " + INDEX + " is now " + measure.figures() + ". Everything past "
                + budget.maxLines() + " lines or " + kilobytes(budget.maxBytes())
                + " is dropped from every load, so agents will not see it. Rewrite " + INDEX + " now to about "
                + measure.targetLines() + " lines / " + measure.targetKilobytes() + ": one line per entry, detail"
                + " moved into topic files, stale entries merged or dropped.";
    }

    private static String kilobytes(int bytes) {
        return String.format(Locale.ROOT, "%.1f KB", bytes / 1000.0);
    }

    // ---- tool input

    public static String unknownCommand(String command) {
        return ERROR + "Unknown command `" + command
                + "`. Valid commands: view, create, str_replace, insert, delete, rename";
    }

    public static String missingCommand() {
        return ERROR + "Missing required parameter `command`: one of view, create, str_replace, insert, delete, rename";
    }

    public static String missingParameter(String command, String parameter) {
        return ERROR + "Missing required parameter `" + parameter + "` for command " + command;
    }

    public static String wrongType(String command, String parameter, String expected) {
        return ERROR + "Parameter `" + parameter + "` of command " + command + " must be " + expected;
    }

    public static String readOnly(String command) {
        return ERROR + "The memory directory is read-only in this server (--read-only), so " + command
                + " is not available";
    }
}
