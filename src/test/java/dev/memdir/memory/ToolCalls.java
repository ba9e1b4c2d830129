package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.index.IndexBudget;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryStore;
import java.time.Clock;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Calls of the memory tool as a test writes them: a command and its arguments as keys and values in a row. */
public final class ToolCalls {

    private ToolCalls() {}

    public static MemoryTool tool(MemoryStore store) {
        return new MemoryTool(store, new FrontmatterStamper(Clock.systemUTC(), "test"), false, IndexBudget.DEFAULT);
    }

    /** Returns the text of a call that succeeds (over the index budget included). */
    public static String text(MemoryTool tool, String command, Object... keysAndValues) throws CommandException {
        Map<String, Object> arguments = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            arguments.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return ((CommandOutput.Text) tool.call(command, arguments)).text();
    }

    /** Returns the text of a call, its error text when it fails. */
    public static String answer(MemoryTool tool, String command, Object... keysAndValues) {
        try {
            return text(tool, command, keysAndValues);
        } catch (CommandException e) {
            return e.text();
        }
    }

    /** Returns the non-empty lines of a file's view, without their numbers. */
    public static List<String> linesOf(String view) {
        return Arrays.stream(view.split("\n")).skip(1).map(line -> line.substring(7))
                .filter(line -> !line.isEmpty()).toList();
    }
}
